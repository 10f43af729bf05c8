package core

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestSearchRankingAndApplicability(t *testing.T) {
	rt := NewRuntime(portRegistry(t), RuntimeOptions{})
	res, err := rt.Search(SearchRequest{Query: "sum of a list of integers"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].CapabilityID != "test.list_sum.compute" {
		t.Fatalf("hits %+v", res.Hits)
	}
	if res.Hits[0].Applicability.Status != NeedsMoreTypedRequirements {
		t.Errorf("untyped search must not judge applicability: %+v", res.Hits[0].Applicability)
	}
	typed, _ := rt.Search(SearchRequest{Query: "sum", ArtifactTypes: []string{"test.single"}, InputKinds: []string{"matrix"}})
	for _, h := range typed.Hits {
		want := []string{InputKindMismatch}
		if h.CapabilityID != "test.pair_sum.compute" {
			want = append(want, ArtifactTypeMismatchReason)
		}
		if h.Applicability.Status != Incompatible || strings.Join(h.Applicability.Reasons, ",") != strings.Join(want, ",") {
			t.Errorf("%s: %+v, want INCOMPATIBLE %v", h.CapabilityID, h.Applicability, want)
		}
	}
	// A compatible operation ranks above an incompatible one.
	mixed, _ := rt.Search(SearchRequest{Query: "sum", ArtifactTypes: []string{"test.single"}})
	if mixed.Hits[0].CapabilityID != "test.pair_sum.compute" {
		t.Errorf("compatible operation not first: %+v", mixed.Hits)
	}
	one, _ := rt.Search(SearchRequest{Query: "sum", Limit: 1})
	if len(one.Hits) != 1 || one.Total < 2 {
		t.Errorf("limit 1: %d hits of %d", len(one.Hits), one.Total)
	}
}

func TestSearchRefusals(t *testing.T) {
	rt := NewRuntime(portRegistry(t), RuntimeOptions{})
	for _, req := range []SearchRequest{
		{Query: "   "},
		{Query: strings.Repeat("x", MaxQueryBytes+1)},
		{Query: "sum", Limit: MaxSearchHits + 1},
		{Query: "sum", Limit: -1},
		{Query: strings.Repeat("word", 1) + func() string {
			var b strings.Builder
			for i := range MaxQueryTerms + 1 {
				fmt.Fprintf(&b, " term%d", i)
			}
			return b.String()
		}()},
	} {
		if _, err := rt.Search(req); err == nil {
			t.Errorf("query %.40q limit %d accepted", req.Query, req.Limit)
		}
	}
}

func TestStem(t *testing.T) {
	groups := [][]string{
		{"factor", "factors", "factorization", "factorizations", "factoring", "factorize"},
		{"matrix", "matrices"},
		{"polynomial", "polynomials"},
		{"solve", "solves", "solving"},
		{"prime", "primes"},
	}
	for _, g := range groups {
		for _, w := range g[1:] {
			if stem(w) != stem(g[0]) {
				t.Errorf("stem(%q) = %q, stem(%q) = %q", w, stem(w), g[0], stem(g[0]))
			}
		}
	}
}

func TestUnknownCapabilitySuggestsTypoFix(t *testing.T) {
	rt := NewRuntime(portRegistry(t), RuntimeOptions{})
	o := rt.Run(context.Background(), RunRequest{CapabilityID: "test.list_sun.compute", Payload: json.RawMessage(`{}`)})
	if o.Code != UnknownCapability || !strings.Contains(o.Message, `did you mean "test.list_sum.compute"`) {
		t.Fatalf("got %s", o)
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"gcd", "gdc", 2}, {"kitten", "sitting", 3}, {"abc", "", 3}, {"flaw", "lawn", 2}} {
		if got := editDistance(tc.a, tc.b); got != tc.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}

// syntheticRegistry declares n operations with varied vocabulary, for
// measuring search over a catalog far larger than the installed one.
func syntheticRegistry(b testing.TB, n int) *Registry {
	rng := rand.New(rand.NewPCG(7, 11))
	words := strings.Fields("integer matrix polynomial field prime factor divisor gcd lcm modular inverse power root order rank kernel determinant trace norm series sum product group ring ideal lattice basis reduce solve equation system check certificate witness table map fiber permutation")
	r := NewRegistry()
	for i := range n {
		pick := func(k int) []string {
			out := make([]string, k)
			for j := range out {
				out[j] = words[rng.IntN(len(words))]
			}
			return out
		}
		title := strings.Join(pick(3), " ")
		err := Add(r, Operation[addRequest, addResult]{
			ID: fmt.Sprintf("synthetic.%s_%d.compute", pick(1)[0], i), Title: title,
			Summary: "Computes the " + strings.Join(pick(8), " ") + ".", Keywords: pick(4),
			Kind: Compute, Effect: Pure, InputKinds: []string{pick(1)[0]},
			Run:           func(context.Context, addRequest) (addResult, error) { return addResult{}, nil },
			Postcondition: func(context.Context, addRequest, addResult) error { return nil },
			Examples:      []Example{{Title: "zero", Payload: json.RawMessage(`{"left":"0","right":"0"}`), Result: json.RawMessage(`{"sum":"0"}`)}},
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return r
}

func BenchmarkSearch(b *testing.B) {
	for _, n := range []int{30, 2000} {
		rt := NewRuntime(syntheticRegistry(b, n), RuntimeOptions{})
		b.Run(fmt.Sprintf("declarations=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := rt.Search(SearchRequest{Query: "determinant of an integer matrix", Limit: 5}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
