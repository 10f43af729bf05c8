package polynomial

import (
	"context"
	"fmt"
	"testing"
	"time"
)

func sameBasis(a, b []mpoly) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].equal(b[i]) {
			return false
		}
	}
	return true
}

func TestCyclicKatsuraQuick(t *testing.T) {
	for _, c := range []struct {
		name string
		gens []mpoly
		n    int
	}{{"cyclic-4", cyclicSystem(4), 4}, {"katsura-3", katsuraSystem(3), 4}, {"cyclic-5", cyclicSystem(5), 5}, {"katsura-5", katsuraSystem(5), 6}, {"katsura-6", katsuraSystem(6), 7}} {
		o := monoOrder{kind: OrderGrevlex}
		t0 := time.Now()
		G, err := groebnerBuchberger(context.Background(), c.gens, o, c.n)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Println(c.name, len(G), time.Since(t0))
		if c.n <= 4 {
			R, err := buchbergerNaive(context.Background(), c.gens, o)
			if err != nil {
				t.Fatal(err)
			}
			if !sameBasis(G, R) {
				t.Fatalf("%s differs from naive", c.name)
			}
		}
	}
}
