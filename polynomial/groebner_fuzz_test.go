package polynomial

import "testing"

func FuzzMultiArithmetic(f *testing.F) {
	fuzzOperation(f, "polynomial.multivariate.arithmetic.compute",
		`{"variables":["x","y"],"op":"power","left":{"terms":[]},"exponent":0}`,
		`{"variables":["x","y"],"order":"elimination","eliminate":1,"op":"add","left":{"terms":[{"coefficient":"1","exponents":[1,0]},{"coefficient":"-1","exponents":[1,0]}]},"right":{"terms":[]}}`)
}

func FuzzGroebner(f *testing.F) {
	fuzzOperation(f, "polynomial.groebner_basis.compute",
		`{"variables":["x","y"],"order":"lex","generators":[{"terms":[{"coefficient":"0","exponents":[1,0]}]},{"terms":[{"coefficient":"-3/2","exponents":[0,0]}]}]}`,
		`{"variables":["x"],"generators":[]}`)
}

func FuzzMembership(f *testing.F) {
	fuzzOperation(f, "polynomial.ideal_membership.check",
		`{"variables":["x","y"],"generators":[],"polynomial":{"terms":[]}}`,
		`{"variables":["x","y"],"generators":[{"terms":[{"coefficient":"2","exponents":[1,1]}]}],"polynomial":{"terms":[{"coefficient":"1","exponents":[2,1]}]}}`)
}
