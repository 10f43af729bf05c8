package modular_test

import (
	"fmt"
	"math/big"

	"jacobian.dev/core/modular"
)

func ExampleCRTTree() {
	primes := modular.Primes62(3)
	tree := modular.NewCRTTree(primes)
	x, _ := new(big.Int).SetString("-123456789012345678901234567890123456789", 10)
	residues := make([]uint64, len(primes))
	tree.Reduce(x, residues)
	fmt.Println(tree.Combine(residues))
	// Output: -123456789012345678901234567890123456789
}
