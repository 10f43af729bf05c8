package matrix

import "testing"

// TestEdgeShapes runs empty and zero-column matrices through every
// operation that accepts them. The expected values follow from the
// definitions: the empty product is 1, an empty system has the empty
// solution, a zero-column matrix has rank 0 and a trivial kernel.
func TestEdgeShapes(t *testing.T) {
	rt := newRuntime(t)
	tests := []struct{ id, payload, want string }{
		{"matrix.determinant.compute", `{"matrix":[]}`, `{"determinant":"1"}`},
		{"matrix.determinant.compute", `{"matrix":[["0"]]}`, `{"determinant":"0"}`},
		{"matrix.rank.compute", `{"matrix":[[],[]]}`, `{"rank":0}`},
		{"matrix.normal_form.rref.compute", `{"matrix":[[],[]]}`, `{"rref":[[],[]],"pivot_columns":[],"rank":0}`},
		{"matrix.nullspace.compute", `{"matrix":[[],[]]}`, `{"basis":[],"nullity":0}`},
		{"matrix.nullspace.compute", `{"matrix":[["0","0"]]}`, `{"basis":[["1","0"],["0","1"]],"nullity":2}`},
		{"matrix.inverse.compute", `{"matrix":[["0"]]}`, `{"invertible":false}`},
		{"matrix.linear_system.solve", `{"matrix":[],"rhs":[]}`, `{"status":"unique","solution":[],"kernel":[]}`},
		{"matrix.linear_system.solve", `{"matrix":[[],[]],"rhs":["0","0"]}`, `{"status":"unique","solution":[],"kernel":[]}`},
		{"matrix.linear_system.solve", `{"matrix":[[],[]],"rhs":["0","1"]}`, `{"status":"none","kernel":[],"inconsistent_columns":[0]}`},
		{"matrix.linear_system.solve", `{"matrix":[["0","0"]],"rhs":["0"]}`, `{"status":"infinite","solution":["0","0"],"kernel":[["1","0"],["0","1"]]}`},
		{"matrix.linear_system.solve", `{"matrix":[["1","1"],["1","1"]],"rhs":[["1","2"],["1","3"]]}`, `{"status":"none","kernel":[["-1","1"]],"inconsistent_columns":[1]}`},
		{"matrix.multiply.compute", `{"left":[[],[]],"right":[]}`, `{"product":[[],[]]}`},
		{"matrix.multiply.compute", `{"left":[],"right":[]}`, `{"product":[]}`},
		{"matrix.multiply.compute", `{"left":[["1"],["2"]],"right":[["3","4"]]}`, `{"product":[["3","4"],["6","8"]]}`},
		{"matrix.characteristic_polynomial.compute", `{"matrix":[["0"]]}`, `{"characteristic_polynomial":{"variable":"x","coefficients":["0","1"],"expression":"x"}}`},
		{"matrix.inverse.check", `{"matrix":[],"candidate":[]}`, `{"verdict":"accepted","subject":{"matrix":[],"candidate":[]}}`},
		{"matrix.inverse.check", `{"matrix":[["2"]],"candidate":[["1/2"]]}`, `{"verdict":"accepted","subject":{"matrix":[["2"]],"candidate":[["1/2"]]}}`},
		{"matrix.inverse.check", `{"matrix":[["0"]],"candidate":[["1"]]}`, `{"verdict":"rejected","subject":{"matrix":[["0"]],"candidate":[["1"]]},"mismatch":{"row":0,"column":0,"expected":"1","got":"0"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.id+"/"+tc.payload, func(t *testing.T) {
			o := run(t, rt, tc.id, tc.payload)
			if o.Outcome != "completed" {
				t.Fatalf("%s", o)
			}
			if got, want := canonicalJSON(t, o.Value), canonicalJSON(t, []byte(tc.want)); got != want {
				t.Fatalf("got  %s\nwant %s", got, want)
			}
		})
	}
}

// TestHadamardPairIsAnInverse checks the construction behind the inverse
// checker's cancellation probe at a small order.
func TestHadamardPairIsAnInverse(t *testing.T) {
	rt := newRuntime(t)
	if o := run(t, rt, "matrix.inverse.check", hadamardPair(8)); o.Verdict != "accepted" {
		t.Fatalf("%s", o)
	}
}
