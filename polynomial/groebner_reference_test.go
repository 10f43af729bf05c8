package polynomial

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"jacobian.dev/conformance"
)

// refTerms is a polynomial of testdata/groebner.json: [coefficient,
// exponents] pairs, descending in the case's order.
type refTerms [][2]json.RawMessage

// payload writes the terms as a request polynomial.
func (p refTerms) payload() string {
	parts := make([]string, len(p))
	for i, t := range p {
		parts[i] = fmt.Sprintf(`{"coefficient":%s,"exponents":%s}`, t[0], t[1])
	}
	return `{"terms":[` + strings.Join(parts, ",") + `]}`
}

// String writes the terms as "c·[exponents]" for failure messages.
func (p refTerms) String() string {
	parts := make([]string, len(p))
	for i, t := range p {
		parts[i] = string(t[0]) + "·" + string(t[1])
	}
	return strings.Join(parts, " + ")
}

// same compares with a result polynomial, term by term.
func (p refTerms) same(r MultiPolynomial) bool {
	if len(p) != len(r.Terms) {
		return false
	}
	for i, t := range p {
		var c string
		var e []int
		if json.Unmarshal(t[0], &c) != nil || json.Unmarshal(t[1], &e) != nil {
			return false
		}
		if c != r.Terms[i].Coefficient.String() || fmt.Sprint(e) != fmt.Sprint(r.Terms[i].Exponents) {
			return false
		}
	}
	return true
}

type refRing struct {
	Variables []string `json:"variables"`
	Order     string   `json:"order"`
	Eliminate int      `json:"eliminate"`
}

func (r refRing) fields() string {
	v, _ := json.Marshal(r.Variables)
	s := fmt.Sprintf(`"variables":%s,"order":%q`, v, r.Order)
	if r.Eliminate > 0 {
		s += fmt.Sprintf(`,"eliminate":%d`, r.Eliminate)
	}
	return s
}

func polysPayload(ps []refTerms) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.payload()
	}
	return "[" + strings.Join(parts, ",") + "]"
}

type groebnerReference struct {
	SymPy      string `json:"sympy"`
	Arithmetic []struct {
		refRing
		Op       string    `json:"op"`
		Left     refTerms  `json:"left"`
		Right    *refTerms `json:"right"`
		Exponent *int      `json:"exponent"`
		Result   refTerms  `json:"result"`
	} `json:"arithmetic"`
	Groebner []struct {
		refRing
		Name       string     `json:"name"`
		Generators []refTerms `json:"generators"`
		Basis      []refTerms `json:"basis"`
	} `json:"groebner"`
	Membership []struct {
		refRing
		Generators []refTerms `json:"generators"`
		Polynomial refTerms   `json:"polynomial"`
		NormalForm refTerms   `json:"normal_form"`
		Member     bool       `json:"member"`
	} `json:"membership"`
}

func loadGroebnerReference(t *testing.T) groebnerReference {
	b, err := os.ReadFile("testdata/groebner.json")
	if err != nil {
		t.Fatal(err)
	}
	var ref groebnerReference
	if err := json.Unmarshal(b, &ref); err != nil {
		t.Fatal(err)
	}
	if ref.SymPy == "" {
		t.Fatal("groebner.json names no SymPy version")
	}
	return ref
}

// TestReferenceMultiArithmetic compares with SymPy's Poly arithmetic
// (testdata/groebner.json, from gen_groebner.py).
func TestReferenceMultiArithmetic(t *testing.T) {
	ref := loadGroebnerReference(t)
	rt := newRuntime(t)
	for i, c := range conformance.AtLeast(t, "multivariate arithmetic", 50, ref.Arithmetic) {
		payload := fmt.Sprintf(`{%s,"op":%q,"left":%s`, c.fields(), c.Op, c.Left.payload())
		if c.Right != nil {
			payload += `,"right":` + c.Right.payload()
		}
		if c.Exponent != nil {
			payload += fmt.Sprintf(`,"exponent":%d`, *c.Exponent)
		}
		payload += "}"
		var r MultiArithmeticResult
		if completed(t, rt, "polynomial.multivariate.arithmetic.compute", payload, &r) && !c.Result.same(r.Result) {
			t.Errorf("case %d %s: got %s, SymPy gives %v", i, payload, r.Result.Expression, c.Result)
		}
	}
}

// TestReferenceGroebner compares with SymPy's groebner over QQ, made
// monic (testdata/groebner.json, from gen_groebner.py).
func TestReferenceGroebner(t *testing.T) {
	ref := loadGroebnerReference(t)
	rt := newRuntime(t)
	orders := map[string]int{}
	for i, c := range conformance.AtLeast(t, "groebner", 50, ref.Groebner) {
		orders[c.Order]++
		payload := fmt.Sprintf(`{%s,"generators":%s}`, c.fields(), polysPayload(c.Generators))
		var r GroebnerResult
		if !completed(t, rt, "polynomial.groebner_basis.compute", payload, &r) {
			continue
		}
		ok := len(r.Basis) == len(c.Basis)
		for k := 0; ok && k < len(c.Basis); k++ {
			ok = c.Basis[k].same(r.Basis[k])
		}
		if !ok {
			got := make([]string, len(r.Basis))
			for k, b := range r.Basis {
				got[k] = b.Expression
			}
			t.Errorf("case %d %s %s: got %v, SymPy gives %v", i, c.Name, payload, got, c.Basis)
		}
	}
	for _, o := range []string{OrderLex, OrderGrevlex, OrderElimination} {
		if orders[o] < 15 {
			t.Errorf("only %d reference cases in order %s", orders[o], o)
		}
	}
}

// TestReferenceMembership compares the normal form with SymPy's reduced
// modulo its reduced basis (testdata/groebner.json, from gen_groebner.py).
func TestReferenceMembership(t *testing.T) {
	ref := loadGroebnerReference(t)
	rt := newRuntime(t)
	members := 0
	for i, c := range conformance.AtLeast(t, "membership", 50, ref.Membership) {
		payload := fmt.Sprintf(`{%s,"generators":%s,"polynomial":%s}`, c.fields(), polysPayload(c.Generators), c.Polynomial.payload())
		out := run(t, rt, "polynomial.ideal_membership.check", payload)
		var r MembershipResult
		if err := json.Unmarshal(out.Value, &r); err != nil {
			t.Fatalf("case %d: %s %s %s", i, out.Outcome, out.Code, out.Message)
		}
		if want := map[bool]string{true: "accepted", false: "rejected"}[c.Member]; string(r.Verdict) != want {
			t.Errorf("case %d: verdict %s, SymPy's remainder says %s", i, r.Verdict, want)
		}
		if !c.NormalForm.same(r.NormalForm) {
			t.Errorf("case %d %s: normal form %s, SymPy gives %v", i, payload, r.NormalForm.Expression, c.NormalForm)
		}
		if c.Member {
			members++
		}
	}
	if members < 10 || members > len(ref.Membership)-10 {
		t.Errorf("%d of %d reference cases are members: too lopsided to test both verdicts", members, len(ref.Membership))
	}
}
