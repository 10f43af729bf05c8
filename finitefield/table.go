package finitefield

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"

	"jacobian.dev/core"
)

// ValueTableType is the artifact type of a polynomial map's value table.
const ValueTableType = "finite_field.value_table"

// ValueTable is the graph of a map GF(q) → GF(q): Outputs[i] is the value at
// Inputs[i]. As produced by the table operation the inputs run through the
// whole field in canonical order (integer encoding 0, 1, …, q − 1) and the
// table names its field and the polynomial it tabulates, so it describes
// itself. Tables from elsewhere may list the inputs in any order (each
// element exactly once) and may omit the polynomial.
type ValueTable struct {
	Field      Field            `json:"field"`
	Polynomial *FieldPolynomial `json:"polynomial,omitempty"`
	Inputs     Elements         `json:"inputs"`
	Outputs    Elements         `json:"outputs"`
}

// TableResult carries the value table on the output port "table".
type TableResult struct {
	Table                   ValueTable `json:"table"`
	CharacteristicPrimality Primality  `json:"characteristic_primality"`
}

// MaxTableWork bounds (min(n, q − 1) + 1)·q Horner steps, a couple of
// seconds with the postcondition's sampled re-evaluation.
const MaxTableWork = 1 << 24

func bigInt(n int64) *big.Int { return big.NewInt(n) }

// MaxTablePolyDegree bounds the degree of a tabulated polynomial. Every
// map GF(q) → GF(q) is a polynomial of degree below q ≤ MaxTableSize, so
// the bound loses no map; a higher degree only costs reading.
const MaxTablePolyDegree = MaxTableSize

// gf65536 is GF(2^16) = GF(2)[t]/(t^16 + t^5 + t^3 + t^2 + 1), the largest
// field a table admits. PARI/GP 2.15:
// polisirreducible(Mod(1,2)*(t^16+t^5+t^3+t^2+1)) = 1.
const gf65536 = `{"characteristic":"2","degree":16,"modulus":{"coefficients":["1","0","1","1","0","1","0","0","0","0","0","0","0","0","0","0","1"]}}`

// fieldSizeLimit is the limit on q shared by the table operations; wrap
// turns a field object of degree k into a request. The limit on q is
// below 2^64 and 2^1024, so the extension_degree and field_bits limits of
// the other operations can never be reached here and are not declared.
func fieldSizeLimit(wrap func(field string, k int) string) core.Limit {
	return core.Limit{
		Name: "field_size", Max: MaxTableSize, Unit: "elements",
		Description: "the field has at most this many elements, so its table can be enumerated",
		// 65537 = 2^16 + 1 is prime (a Fermat prime).
		Beyond: func() string { return wrap(`{"characteristic":"65537","degree":1}`, 1) },
		At:     func() string { return wrap(gf65536, 16) },
	}
}

// tableBounds writes the table limits into the request schema for the
// field object at field and the polynomial at polynomial: q ≤ 2^16, so
// k ≤ 16 and p has at most 5 digits.
func tableBounds(field, polynomial string) core.Bounds {
	return withBounds(fieldBoundsWithin(field, 16, 5), core.Bounds{polynomial + "/coefficients": MaxTablePolyDegree + 1})
}

// parseTableRequest checks a table request's shape and limits.
func parseTableRequest(q PolynomialRequest) (*gf, poly, error) {
	F, err := shapeField(q.Field, "/payload/field")
	if err != nil {
		return nil, nil, err
	}
	if F.q.Cmp(bigInt(MaxTableSize)) > 0 {
		return nil, nil, core.Refusef("the field has %s elements; tables are limited to %d", F.qString(), MaxTableSize)
	}
	n := len(q.Polynomial.Coefficients) - 1
	if err := checkTableWork(n, int(F.q.Int64())); err != nil {
		return nil, nil, err
	}
	f, err := F.parsePoly(q.Polynomial, "/payload/polynomial")
	if err != nil {
		return nil, nil, err
	}
	return F, f, nil
}

// checkTableWork refuses tabulating a polynomial of degree n over q
// elements past the degree or the work limit.
func checkTableWork(n, q int) error {
	if n > MaxTablePolyDegree {
		return core.Refusef("the polynomial has degree %d; at most %d is allowed (every map of a table's field is a polynomial of degree below q ≤ %d)", n, MaxTablePolyDegree, MaxTableSize)
	}
	if w := (min(n, q-1) + 1) * q; w > MaxTableWork {
		return core.Refusef("tabulating a degree-%d polynomial over %d elements costs %d steps; at most %d are allowed", n, q, w, MaxTableWork)
	}
	return nil
}

// tableWorkLimit and tableDegreeLimit are the limits on the polynomial a
// table is computed from or checked against; wrap turns a field, its
// degree and a polynomial into a request.
func tableWorkLimit(wrap func(field string, k int, polynomial string) string) core.Limit {
	return core.Limit{
		Name: "work", Max: MaxTableWork, Unit: "Horner steps",
		Description: "(min(deg f, q − 1) + 1)·q is at most this",
		// PARI/GP 2.15: precprime(2^16) = 65521; 257·65521 > 2^24 > 256·65521,
		// and 256·2^16 = 2^24 exactly.
		Beyond: func() string { return wrap(`{"characteristic":"65521","degree":1}`, 1, onesPolynomial(256, 1)) },
		At:     func() string { return wrap(gf65536, 16, onesPolynomial(255, 16)) },
	}
}

func tableDegreeLimit(wrap func(field string, k int, polynomial string) string) core.Limit {
	gf2 := `{"characteristic":"2","degree":1}`
	return core.Limit{
		Name: "polynomial_degree", Max: MaxTablePolyDegree, Unit: "degree",
		Description: "the polynomial has degree at most this",
		Beyond:      func() string { return wrap(gf2, 1, onesPolynomial(MaxTablePolyDegree+1, 1)) },
		At:          func() string { return wrap(gf2, 1, onesPolynomial(MaxTablePolyDegree, 1)) },
	}
}

// smallCoeffs reduces f modulo x^q − x, which leaves the map unchanged
// (x^i = x^(((i−1) mod (q−1)) + 1) for i ≥ 1 and every x), and encodes the
// coefficients.
func (F *gf) smallCoeffs(f poly) []int {
	q := int(F.q.Int64())
	cs := make([]int, min(len(f), q))
	for i, c := range f {
		j := i
		if i >= q {
			j = (i-1)%(q-1) + 1
		}
		cs[j] = smallAdd(F, cs[j], int(F.encode(c).Int64()))
	}
	return cs
}

// smallAdd adds two encodings digit by digit modulo p.
func smallAdd(F *gf, a, b int) int {
	p := int(F.p.Int64())
	out, scale := 0, 1
	for a > 0 || b > 0 {
		out += ((a%p + b%p) % p) * scale
		a, b, scale = a/p, b/p, scale*p
	}
	return out
}

// elementCache renders elements of a field with q ≤ 2^16 from their
// encodings, each once: tables mention every element at least once, and
// the coordinates 0 … p − 1 are shared between elements (Elements are
// never modified).
type elementCache struct {
	F      *gf
	p      int
	digits []core.Integer
	elems  []Element
}

func (F *gf) newElementCache() *elementCache {
	return &elementCache{F: F, p: int(F.p.Int64()), digits: make([]core.Integer, min(int(F.p.Int64()), MaxTableSize)), elems: make([]Element, int(F.q.Int64()))}
}

func (c *elementCache) digit(d int) core.Integer {
	if c.digits[d].Big().Sign() == 0 && d != 0 {
		c.digits[d] = core.Int64(int64(d))
	}
	return c.digits[d]
}

func (c *elementCache) element(e int) Element {
	if c.elems[e].set {
		return c.elems[e]
	}
	var out Element
	if c.F.k == 1 {
		out = Element{set: true, scalar: c.digit(e)}
	} else {
		cs := []core.Integer{}
		for n := e; n > 0; n /= c.p {
			cs = append(cs, c.digit(n%c.p))
		}
		out = Element{set: true, list: true, coeffs: cs}
	}
	c.elems[e] = out
	return out
}

// tableOperation tabulates the polynomial map x ↦ f(x) on all of GF(q):
// f is reduced modulo x^q − x and evaluated by Horner's rule at every
// element, with GF(p^k) arithmetic through Zech-logarithm tables (see
// smallfield.go). Canonical form: inputs in ascending integer encoding
// (0, 1, …, p − 1 for GF(p)), outputs in the same order; the table repeats
// the field and the polynomial. The table is published on the output port
// "table" (artifact type finite_field.value_table), ready for the fibers
// and interpolation operations.
func tableOperation() core.Operation[PolynomialRequest, TableResult] {
	return core.Operation[PolynomialRequest, TableResult]{
		ID:          "finite_field.polynomial_map.table.compute",
		Title:       "Value table of a polynomial map over a finite field",
		Summary:     "Tabulates the values of a univariate polynomial map GF(q) → GF(q) at every element of the field, in canonical order.",
		Keywords:    []string{"value table", "evaluate", "evaluation", "polynomial map", "function table", "finite field", "graph of a map"},
		Kind:        core.Compute,
		Effect:      core.Pure,
		InputKinds:  []string{"finite_field", "polynomial"},
		OutputPorts: []core.Port{{Name: "table", Field: "table", ArtifactTypes: []string{ValueTableType}, Description: "the value table, input of finite_field.polynomial_map.fibers.compute and finite_field.polynomial_map.interpolation.compute"}},
		Limits: []core.Limit{
			fieldSizeLimit(func(f string, k int) string { return tableRequest(f, k, onesPolynomial(1, k)) }),
			tableWorkLimit(tableRequest),
			tableDegreeLimit(tableRequest),
		},
		Bounds: tableBounds("/field", "/polynomial"),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "an empty variable", Payload: `{"field":{"characteristic":"5","degree":1},"polynomial":{"variable":"","coefficients":["0","1"]}}`, Code: core.InvalidPayload, Path: "/payload/polynomial/variable"},
				{Title: "a composite characteristic", Payload: `{"field":{"characteristic":"4","degree":1},"polynomial":{"coefficients":["0","1"]}}`, Code: core.DomainError, Path: "/payload/field/characteristic"},
			}
		},
		Preflight: func(ctx context.Context, q PolynomialRequest) error {
			_, _, err := parseTableRequest(q)
			return err
		},
		Run: func(ctx context.Context, q PolynomialRequest) (TableResult, error) {
			F, f, err := parseTableRequest(q)
			if err != nil {
				return TableResult{}, err
			}
			pr, err := F.certify(ctx)
			if err != nil {
				return TableResult{}, err
			}
			s, err := newSmallField(ctx, F)
			if err != nil {
				return TableResult{}, err
			}
			cs := F.smallCoeffs(f)
			render := F.newElementCache()
			fp := F.toPoly(f, string(q.Polynomial.Variable))
			t := ValueTable{Field: F.toField(), Polynomial: &fp, Inputs: make([]Element, s.q), Outputs: make([]Element, s.q)}
			for x := range s.q {
				if x%256 == 0 {
					if err := ctx.Err(); err != nil {
						return TableResult{}, err
					}
				}
				if x%4096 == 0 {
					core.ReportProgress(ctx, float64(x), float64(s.q), "tabulating")
				}
				t.Inputs[x] = render.element(x)
				t.Outputs[x] = render.element(s.eval(cs, x))
			}
			return TableResult{Table: t, CharacteristicPrimality: Primality(pr)}, nil
		},
		Postcondition: checkTable,
		Slow: func() string {
			return slowTable
		},
		Examples: []core.Example{
			{Title: "x^2 over GF(5)", Payload: json.RawMessage(`{"field":{"characteristic":"5","degree":1},"polynomial":{"coefficients":["0","0","1"]}}`),
				Result: json.RawMessage(`{"table":{"field":{"characteristic":"5","degree":1},"polynomial":{"coefficients":["0","0","1"]},"inputs":["0","1","2","3","4"],"outputs":["0","1","4","4","1"]},"characteristic_primality":"proven"}`)},
			// GF(4) = GF(2)[t]/(t^2 + t + 1): t^2 = t + 1 and (t + 1)^2 = t.
			{Title: "x^2 + 1 over GF(4)", Payload: json.RawMessage(`{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"polynomial":{"coefficients":[["1"],[],["1"]]}}`),
				Result: json.RawMessage(`{"table":{"field":{"characteristic":"2","degree":2,"modulus":{"coefficients":["1","1","1"]}},"polynomial":{"coefficients":[["1"],[],["1"]]},"inputs":[[],["1"],["0","1"],["1","1"]],"outputs":[["1"],[],["0","1"],["1","1"]]},"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) PolynomialRequest {
			F := randomSmallField(ctx, rng)
			return PolynomialRequest{Field: F.toField(), Polynomial: F.toPoly(randomPoly(rng, F, rng.IntN(8)), "")}
		},
	}
}

// tableRequest is a request of the table operation.
func tableRequest(field string, _ int, polynomial string) string {
	return `{"field":` + field + `,"polynomial":` + polynomial + `}`
}

// randomSmallField draws GF(p^k) with q ≤ 4096.
func randomSmallField(ctx context.Context, rng *rand.Rand) *gf {
	primes := []int64{2, 3, 5, 7, 11, 13, 17, 31, 101, 257, 4093}
	for {
		p := primes[rng.IntN(len(primes))]
		k := 1 + rng.IntN(4)
		q := int64(1)
		for range k {
			q *= p
		}
		if q > 4096 {
			continue
		}
		if k == 1 {
			return newGF(bigInt(p), 1, nil)
		}
		return newGF(bigInt(p), k, randomIrreducible(ctx, rng, newGF(bigInt(p), 1, nil), k))
	}
}

// checkTable verifies the canonical input order and recomputes the outputs
// at a sample of inputs (all of them when q ≤ 1024) with the general field
// arithmetic instead of the logarithm tables.
func checkTable(ctx context.Context, q PolynomialRequest, r TableResult) error {
	F, f, err := parseTableRequest(q)
	if err != nil {
		return err
	}
	qi := int(F.q.Int64())
	t := r.Table
	if len(t.Inputs) != qi || len(t.Outputs) != qi {
		return fmt.Errorf("the table has %d inputs and %d outputs for a field of %d elements", len(t.Inputs), len(t.Outputs), qi)
	}
	rng := seededRand(F.fingerprint(f))
	for i := range qi {
		x, err := F.parseElement(t.Inputs[i], "/value/table/inputs")
		if err != nil {
			return err
		}
		if F.encode(x).Int64() != int64(i) {
			return fmt.Errorf("input %d is out of canonical order", i)
		}
		if qi > 1024 && rng.IntN(qi) >= 64 {
			continue
		}
		y, err := F.parseElement(t.Outputs[i], "/value/table/outputs")
		if err != nil {
			return err
		}
		if !equal(F.peval(f, x), y) {
			return fmt.Errorf("the output at input %d is wrong", i)
		}
	}
	return nil
}

// FibersRequest takes a value table, usually through the input port
// "table" from finite_field.polynomial_map.table.compute.
type FibersRequest struct {
	Table ValueTable `json:"table"`
}

// Fiber is the preimage of one value, ascending by integer encoding.
type Fiber struct {
	Value     Element   `json:"value"`
	Preimages []Element `json:"preimages"`
}

// FibersResult lists the fibers of every value in the image, ascending by
// the value's integer encoding.
type FibersResult struct {
	Fibers                  []Fiber   `json:"fibers"`
	ImageSize               int       `json:"image_size"`
	DomainSize              int       `json:"domain_size"`
	IsPermutation           bool      `json:"is_permutation"`
	CharacteristicPrimality Primality `json:"characteristic_primality"`
}

// parsedTable is a validated table: out[x] is the encoding of the value at
// the input with encoding x.
type parsedTable struct {
	F   *gf
	out []int
	// at[x] is the index in the request's lists of the input with
	// encoding x.
	at []int
}

// parseTable checks that a table is the graph of a map on the whole field:
// every element appears exactly once as an input and every output is an
// element of the field.
func parseTable(t ValueTable) (*parsedTable, error) {
	F, err := shapeField(t.Field, "/payload/table/field")
	if err != nil {
		return nil, err
	}
	if F.q.Cmp(bigInt(MaxTableSize)) > 0 {
		return nil, core.Refusef("the table's field has %s elements; tables are limited to %d", F.qString(), MaxTableSize)
	}
	qi := int(F.q.Int64())
	if t.Polynomial != nil {
		if err := checkTableWork(len(t.Polynomial.Coefficients)-1, qi); err != nil {
			return nil, err
		}
	}
	if len(t.Inputs) != len(t.Outputs) {
		return nil, core.DomainErrorAt("/payload/table/outputs", "the table has %d inputs but %d outputs; they must pair up", len(t.Inputs), len(t.Outputs))
	}
	if len(t.Inputs) != qi {
		return nil, core.DomainErrorAt("/payload/table/inputs", "the table has %d entries but GF(%s) has %d elements; a map's table lists every element exactly once", len(t.Inputs), F.qString(), qi)
	}
	out, at := make([]int, qi), make([]int, qi)
	for i := range out {
		out[i] = -1
	}
	// The entries' paths are written out only for an error: formatting
	// 2^17 of them costs more than the parsing.
	parse := func(e Element, side string, i int) (elem, error) {
		if a, err := F.parseElement(e, ""); err == nil {
			return a, nil
		}
		return F.parseElement(e, fmt.Sprintf("/payload/table/%s/%d", side, i))
	}
	for i := range t.Inputs {
		x, err := parse(t.Inputs[i], "inputs", i)
		if err != nil {
			return nil, err
		}
		y, err := parse(t.Outputs[i], "outputs", i)
		if err != nil {
			return nil, err
		}
		xe := F.smallEncode(x)
		if out[xe] >= 0 {
			return nil, core.DomainErrorAt(fmt.Sprintf("/payload/table/inputs/%d", i), "input %d repeats an earlier input (encoding %d); each element must appear exactly once", i, xe)
		}
		out[xe], at[xe] = F.smallEncode(y), i
	}
	return &parsedTable{F: F, out: out, at: at}, nil
}

// smallEncode is encode for fields with q ≤ 2^16, on machine integers.
func (F *gf) smallEncode(a elem) int {
	p, n := int(F.p.Int64()), 0
	for i := len(a) - 1; i >= 0; i-- {
		n = n*p + int(a[i].Int64())
	}
	return n
}

// fibersOperation computes the fibers of a map GF(q) → GF(q) given by its
// value table: for each value v in the image, the set {x : f(x) = v}.
// Canonical form: fibers ascending by the value's integer encoding, each
// preimage list ascending; image_size is the number of fibers, and the map
// is a permutation exactly when the image is the whole field. The table is
// validated first (each element once as an input, every entry in the
// field); when it names its polynomial, every output is recomputed and a
// mismatch is a domain error. Grouping is a counting sort on encodings, so
// the cost is linear in q.
func fibersOperation() core.Operation[FibersRequest, FibersResult] {
	return core.Operation[FibersRequest, FibersResult]{
		ID:         "finite_field.polynomial_map.fibers.compute",
		Title:      "Fibers of a polynomial map over a finite field",
		Summary:    "Computes the fibers (preimage sets) of every value of a map GF(q) → GF(q) given by its value table, the image size, and whether the map is a permutation.",
		Keywords:   []string{"fibers", "fibres", "preimage", "inverse image", "image", "permutation polynomial", "polynomial map", "value table", "finite field"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"finite_field", "value_table"},
		InputPorts: []core.Port{{Name: "table", Field: "table", ArtifactTypes: []string{ValueTableType}, Description: "the value table from finite_field.polynomial_map.table.compute"}},
		Limits: []core.Limit{
			fieldSizeLimit(func(f string, k int) string { return fibersRequest(f, k, "") }),
			tableWorkLimit(fibersRequest),
			tableDegreeLimit(fibersRequest),
		},
		Bounds: withBounds(tableBounds("/table/field", "/table/polynomial"), core.Bounds{"/table/inputs": MaxTableSize, "/table/outputs": MaxTableSize}),
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "fewer outputs than inputs", Payload: `{"table":{"field":{"characteristic":"2","degree":1},"inputs":["0","1"],"outputs":["0"]}}`, Code: core.DomainError, Path: "/payload/table/outputs"},
				{Title: "a repeated input", Payload: `{"table":{"field":{"characteristic":"2","degree":1},"inputs":["1","1"],"outputs":["0","1"]}}`, Code: core.DomainError, Path: "/payload/table/inputs/1"},
				{Title: "an output that contradicts the polynomial", Payload: `{"table":{"field":{"characteristic":"3","degree":1},"polynomial":{"coefficients":["0","0","1"]},"inputs":["2","1","0"],"outputs":["1","2","0"]}}`, Code: core.DomainError, Path: "/payload/table/outputs/1"},
			}
		},
		Preflight: func(ctx context.Context, q FibersRequest) error {
			_, err := parseTable(q.Table)
			return err
		},
		Run: func(ctx context.Context, q FibersRequest) (FibersResult, error) {
			t, err := parseTable(q.Table)
			if err != nil {
				return FibersResult{}, err
			}
			F := t.F
			pr, err := F.certify(ctx)
			if err != nil {
				return FibersResult{}, err
			}
			if q.Table.Polynomial != nil {
				if err := t.checkPolynomial(ctx, *q.Table.Polynomial); err != nil {
					return FibersResult{}, err
				}
			}
			qi := len(t.out)
			byValue := make([][]int, qi)
			for x, y := range t.out {
				if x%(1<<16) == 0 {
					if err := ctx.Err(); err != nil {
						return FibersResult{}, err
					}
				}
				byValue[y] = append(byValue[y], x)
			}
			res := FibersResult{Fibers: []Fiber{}, DomainSize: qi, CharacteristicPrimality: Primality(pr)}
			render := F.newElementCache()
			for v, xs := range byValue {
				if len(xs) == 0 {
					continue
				}
				fb := Fiber{Value: render.element(v), Preimages: make([]Element, len(xs))}
				for i, x := range xs {
					fb.Preimages[i] = render.element(x)
				}
				res.Fibers = append(res.Fibers, fb)
			}
			res.ImageSize = len(res.Fibers)
			res.IsPermutation = res.ImageSize == qi
			return res, nil
		},
		Postcondition: checkFibers,
		Slow:          slowTableCheck,
		Examples: []core.Example{
			{Title: "x^2 over GF(5): squares 0, 1, 4, each nonzero one twice",
				Payload: json.RawMessage(`{"table":{"field":{"characteristic":"5","degree":1},"polynomial":{"coefficients":["0","0","1"]},"inputs":["0","1","2","3","4"],"outputs":["0","1","4","4","1"]}}`),
				Result:  json.RawMessage(`{"fibers":[{"value":"0","preimages":["0"]},{"value":"1","preimages":["1","4"]},{"value":"4","preimages":["2","3"]}],"image_size":3,"domain_size":5,"is_permutation":false,"characteristic_primality":"proven"}`)},
			// x^3 permutes GF(q) exactly when gcd(3, q − 1) = 1; over GF(7), 3 | 6.
			{Title: "x^3 over GF(7): cubes 0, 1, 6",
				Payload: json.RawMessage(`{"table":{"field":{"characteristic":"7","degree":1},"polynomial":{"coefficients":["0","0","0","1"]},"inputs":["0","1","2","3","4","5","6"],"outputs":["0","1","1","6","1","6","6"]}}`),
				Result:  json.RawMessage(`{"fibers":[{"value":"0","preimages":["0"]},{"value":"1","preimages":["1","2","4"]},{"value":"6","preimages":["3","5","6"]}],"image_size":3,"domain_size":7,"is_permutation":false,"characteristic_primality":"proven"}`)},
			{Title: "x^3 over GF(5) is a permutation (gcd(3, 4) = 1)",
				Payload: json.RawMessage(`{"table":{"field":{"characteristic":"5","degree":1},"inputs":["0","1","2","3","4"],"outputs":["0","1","3","2","4"]}}`),
				Result:  json.RawMessage(`{"fibers":[{"value":"0","preimages":["0"]},{"value":"1","preimages":["1"]},{"value":"2","preimages":["3"]},{"value":"3","preimages":["2"]},{"value":"4","preimages":["4"]}],"image_size":5,"domain_size":5,"is_permutation":true,"characteristic_primality":"proven"}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) FibersRequest {
			F := randomSmallField(ctx, rng)
			f := randomPoly(rng, F, rng.IntN(6))
			qi := int(F.q.Int64())
			fp := F.toPoly(f, "")
			t := ValueTable{Field: F.toField(), Polynomial: &fp, Inputs: make([]Element, qi), Outputs: make([]Element, qi)}
			for i, x := range rng.Perm(qi) {
				xe := F.decode(bigInt(int64(x)))
				t.Inputs[i] = F.toElement(xe)
				t.Outputs[i] = F.toElement(F.peval(f, xe))
			}
			return FibersRequest{Table: t}
		},
	}
}

// fibersRequest is a request of the fibers operation: the table of the
// polynomial (or, for "", of the zero map, the smallest table of a field)
// over the field of degree k given, its outputs computed through the
// logarithm tables. It is built for the limits only.
func fibersRequest(field string, k int, polynomial string) string {
	var fj Field
	if err := json.Unmarshal([]byte(field), &fj); err != nil {
		panic(err)
	}
	t := ValueTable{Field: fj}
	if polynomial != "" {
		t.Polynomial = new(FieldPolynomial)
		if err := json.Unmarshal([]byte(polynomial), t.Polynomial); err != nil {
			panic(err)
		}
	}
	F, err := shapeField(fj, "")
	if err == nil && F.q.Cmp(bigInt(MaxTableSize)) <= 0 && (t.Polynomial == nil || checkTableWork(len(t.Polynomial.Coefficients)-1, int(F.q.Int64())) == nil) {
		var f poly
		if t.Polynomial != nil {
			if f, err = F.parsePoly(*t.Polynomial, ""); err != nil {
				panic(err)
			}
		}
		s, err := newSmallField(context.Background(), F)
		if err != nil {
			panic(err)
		}
		cs := F.smallCoeffs(f)
		render := F.newElementCache()
		for x := range s.q {
			t.Inputs = append(t.Inputs, render.element(x))
			t.Outputs = append(t.Outputs, render.element(s.eval(cs, x)))
		}
	} else {
		// Past a limit: preflight refuses before reading the entries.
		t.Inputs, t.Outputs = []Element{}, []Element{}
	}
	return `{"table":` + mustJSON(t) + `}`
}

// checkPolynomial recomputes every output from the table's polynomial.
func (t *parsedTable) checkPolynomial(ctx context.Context, fp FieldPolynomial) error {
	F := t.F
	f, err := F.parsePoly(fp, "/payload/table/polynomial")
	if err != nil {
		return err
	}
	s, err := newSmallField(ctx, F)
	if err != nil {
		return err
	}
	cs := F.smallCoeffs(f)
	for x, y := range t.out {
		if x%256 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if v := s.eval(cs, x); v != y {
			return core.DomainErrorAt(fmt.Sprintf("/payload/table/outputs/%d", t.at[x]), "the table does not match its polynomial: at the input with encoding %d the polynomial gives %s, the table %s; fix the outputs or drop \"polynomial\"", x, mustJSON(F.toElement(F.decode(bigInt(int64(v))))), mustJSON(F.toElement(F.decode(bigInt(int64(y))))))
		}
	}
	return nil
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// checkFibers verifies that the fibers partition the field, that every
// preimage maps to its fiber's value in the table, the canonical orders,
// and the image size and permutation flag.
func checkFibers(ctx context.Context, q FibersRequest, r FibersResult) error {
	t, err := parseTable(q.Table)
	if err != nil {
		return err
	}
	F := t.F
	qi := len(t.out)
	seen := make([]bool, qi)
	prevV := -1
	for i, fb := range r.Fibers {
		v, err := F.parseElement(fb.Value, fmt.Sprintf("/value/fibers/%d/value", i))
		if err != nil {
			return err
		}
		ve := int(F.encode(v).Int64())
		if ve <= prevV {
			return errors.New("fibers are not ascending by value")
		}
		prevV = ve
		if len(fb.Preimages) == 0 {
			return errors.New("an empty fiber is listed")
		}
		prevX := -1
		for _, xel := range fb.Preimages {
			x, err := F.parseElement(xel, "/value/fibers")
			if err != nil {
				return err
			}
			xe := int(F.encode(x).Int64())
			if xe <= prevX {
				return errors.New("a preimage list is not ascending")
			}
			prevX = xe
			if seen[xe] {
				return errors.New("an input lies in two fibers")
			}
			seen[xe] = true
			if t.out[xe] != ve {
				return errors.New("a preimage does not map to its fiber's value")
			}
		}
	}
	if !slices.Equal(seen, slices.Repeat([]bool{true}, qi)) {
		return errors.New("the fibers do not cover the field")
	}
	if r.ImageSize != len(r.Fibers) || r.DomainSize != qi || r.IsPermutation != (len(r.Fibers) == qi) {
		return errors.New("image size, domain size or permutation flag is inconsistent")
	}
	return nil
}
