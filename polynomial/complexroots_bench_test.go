package polynomial

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkComplexRoots computes every root of a random dense polynomial
// with 32-bit coefficients, of Chebyshev T_n and of the Mignotte
// polynomial x^n − 2(50x − 1)² to d digits.
func BenchmarkComplexRoots(b *testing.B) {
	for _, tc := range []struct {
		n, digits int
	}{{50, 30}, {100, 30}, {100, 300}, {300, 100}} {
		rng := rand.New(rand.NewPCG(uint64(tc.n), 17))
		for _, fam := range []struct {
			name string
			p    zpoly
		}{{"random", randomZ(rng, tc.n, 32)}, {"chebyshev", chebyshevT(tc.n)}, {"mignotte", mignotte(tc.n, 50)}} {
			if tc.n > 100 && fam.name != "random" {
				continue
			}
			f := toQ(fam.p)
			d := tc.digits
			b.Run(fmt.Sprintf("%s/deg=%d/digits=%d", fam.name, tc.n, d), func(b *testing.B) {
				for b.Loop() {
					if _, err := runComplexRoots(bg, ComplexRootsRequest{Polynomial: polyInputOf("x", f), Digits: &d}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
