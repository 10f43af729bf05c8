package core

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestValuePoolEvictsAcrossStores: the pool's bound holds for its stores
// together, and the least recently used value of any store goes first.
func TestValuePoolEvictsAcrossStores(t *testing.T) {
	pool := NewValuePool(2, 1<<20)
	a, b := pool.NewStore(), pool.NewStore()
	a1, _ := a.Put("t", []byte(`"a1"`))
	b1, _ := b.Put("t", []byte(`"b1"`))
	a2, _ := a.Put("t", []byte(`"a2"`)) // evicts a1, the oldest of either store
	if _, err := a.Get(a1.Ref); err == nil {
		t.Fatal("a1 survived a third value in a two-value pool")
	}
	if _, err := b.Get(b1.Ref); err != nil { // b1 becomes the most recent
		t.Fatal(err)
	}
	a3, _ := a.Put("t", []byte(`"a3"`)) // evicts a2, not the recently read b1
	for _, c := range []struct {
		s    *ValueStore
		ref  string
		live bool
	}{{a, a2.Ref, false}, {b, b1.Ref, true}, {a, a3.Ref, true}} {
		if _, err := c.s.Get(c.ref); (err == nil) != c.live {
			t.Errorf("%s: live %v, want %v (%v)", c.ref, err == nil, c.live, err)
		}
	}
	// Closing a store returns its room to the pool.
	a.Close()
	if n, bytes := pool.Usage(); n != 1 || bytes != 4 {
		t.Errorf("after closing a store the pool holds %d values, %d bytes; want b1 alone", n, bytes)
	}
	c := pool.NewStore()
	c1, _ := c.Put("t", []byte(`"c1"`))
	if _, err := b.Get(b1.Ref); err != nil {
		t.Errorf("b1 evicted although the closed store's room was free: %v", err)
	}
	if _, err := c.Get(c1.Ref); err != nil {
		t.Error(err)
	}
}

// TestValuePoolMatchesReference drives three stores on one pool through
// seeded random puts, gets and closes, against a plain slice kept in
// recency order.
func TestValuePoolMatchesReference(t *testing.T) {
	type held struct {
		store int
		ref   string
		size  int64
	}
	for seed := range uint64(4) {
		rng := rand.New(rand.NewPCG(seed, 11))
		const maxEntries, maxBytes = 7, 600
		pool := NewValuePool(maxEntries, maxBytes)
		stores := []*ValueStore{pool.NewStore(), pool.NewStore(), pool.NewStore()}
		var model []held // front: most recently used
		var issued []held
		for step := range 3000 {
			i := rng.IntN(len(stores))
			switch op := rng.IntN(10); {
			case op < 5:
				data := []byte(fmt.Sprintf("%q", make([]byte, rng.IntN(150))))
				v, err := stores[i].Put("t", data)
				if err != nil {
					t.Fatal(err)
				}
				h := held{i, v.Ref, int64(len(data))}
				issued = append(issued, h)
				model = append([]held{h}, model...)
				for total := func() (n int64) {
					for _, m := range model {
						n += m.size
					}
					return n
				}; len(model) > maxEntries || total() > maxBytes; {
					model = model[:len(model)-1]
				}
			case op < 9 && len(issued) > 0:
				h := issued[rng.IntN(len(issued))]
				_, err := stores[h.store].Get(h.ref)
				at := slices.Index(model, h)
				if (err == nil) != (at >= 0) {
					t.Fatalf("seed %d step %d: Get(%s) error %v, reference holds it: %v", seed, step, h.ref, err, at >= 0)
				}
				if at >= 0 {
					model = append([]held{h}, slices.Delete(model, at, at+1)...)
				}
			case op == 9:
				stores[i].Close()
				stores[i] = pool.NewStore()
				model = slices.DeleteFunc(model, func(h held) bool { return h.store == i })
				issued = slices.DeleteFunc(issued, func(h held) bool { return h.store == i })
			}
			var bytes int64
			for _, m := range model {
				bytes += m.size
			}
			if n, b := pool.Usage(); n != len(model) || b != bytes {
				t.Fatalf("seed %d step %d: the pool holds %d values, %d bytes; the reference %d, %d", seed, step, n, b, len(model), bytes)
			}
		}
	}
}
