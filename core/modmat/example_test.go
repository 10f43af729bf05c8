package modmat_test

import (
	"context"
	"fmt"

	"jacobian.dev/core/modmat"
	"jacobian.dev/core/modular"
)

func Example() {
	m := modular.NewModulus(101)
	a := modmat.FromRows([][]uint64{{1, 2, 3}, {4, 5, 6}, {7, 8, 10}})
	ctx := context.Background()
	det, _ := modmat.Determinant(ctx, a, m)
	sq, _ := modmat.Mul(ctx, a, a, m)
	detSq, _ := modmat.Determinant(ctx, sq, m)
	rank, _ := modmat.Rank(ctx, modmat.FromRows([][]uint64{{1, 2, 3}, {2, 4, 6}}), m)
	fmt.Println(det, detSq, rank) // det = −3 ≡ 98, (−3)² = 9
	// Output: 98 9 1
}
