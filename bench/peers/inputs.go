package main

import (
	"bufio"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// Kind says how the lines of an input file are read.
type Kind string

// The input kinds, as peers.gp's peers_read and flint_runner.c's readers
// know them.
const (
	// KindInt is one integer.
	KindInt Kind = "int"
	// KindPoly is a polynomial in x: its coefficients, constant term first.
	KindPoly Kind = "poly"
	// KindMatrix is the number of rows, the number of columns, then the
	// entries row by row.
	KindMatrix Kind = "matrix"
)

// Input is one named argument of a case: a list of integers, written as
// decimal lines to <Name>.txt and bound to the GP variable Name.
type Input struct {
	Name string
	Kind Kind
	Ints []*big.Int
}

func intInput(name string, x *big.Int) Input {
	return Input{Name: name, Kind: KindInt, Ints: []*big.Int{x}}
}

func polyInput(name string, coeffs []*big.Int) Input {
	return Input{Name: name, Kind: KindPoly, Ints: coeffs}
}

func matrixInput(name string, rows [][]*big.Int) Input {
	ints := []*big.Int{big.NewInt(int64(len(rows))), big.NewInt(0)}
	if len(rows) > 0 {
		ints[1].SetInt64(int64(len(rows[0])))
	}
	for _, row := range rows {
		ints = append(ints, row...)
	}
	return Input{Name: name, Kind: KindMatrix, Ints: ints}
}

// Int is the input as one integer.
func (in Input) Int() *big.Int { return in.Ints[0] }

// Poly is the input's coefficients, constant term first.
func (in Input) Poly() []*big.Int { return in.Ints }

// Matrix is the input's rows.
func (in Input) Matrix() [][]*big.Int {
	r, c := int(in.Ints[0].Int64()), int(in.Ints[1].Int64())
	rows := make([][]*big.Int, r)
	for i := range rows {
		rows[i] = in.Ints[2+i*c : 2+(i+1)*c]
	}
	return rows
}

// writeInputs writes each input to dir/<name>.txt and returns the paths in
// order.
func writeInputs(dir string, ins []Input) ([]string, error) {
	paths := make([]string, len(ins))
	for i, in := range ins {
		paths[i] = filepath.Join(dir, in.Name+".txt")
		if err := writeLines(paths[i], in.Ints); err != nil {
			return nil, err
		}
	}
	return paths, nil
}

func writeLines(path string, ints []*big.Int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, x := range ints {
		w.WriteString(x.String())
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Seeded generators. Every case draws from its own PCG stream, so a case's
// inputs do not depend on which other cases run.

// randBelow is uniform in [0, n) up to a bias below 2^-64.
func randBelow(rng *rand.Rand, n *big.Int) *big.Int {
	words := make([]big.Word, (n.BitLen()+64+63)/64)
	for i := range words {
		words[i] = big.Word(rng.Uint64())
	}
	x := new(big.Int).SetBits(words)
	return x.Mod(x, n)
}

// randDigits is uniform among the integers of exactly d ≥ 1 decimal digits.
func randDigits(rng *rand.Rand, d int) *big.Int {
	low := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(d-1)), nil)
	span := new(big.Int).Mul(low, big.NewInt(9))
	return low.Add(low, randBelow(rng, span))
}

// randSigned is uniform in (−2^bits, 2^bits).
func randSigned(rng *rand.Rand, bits int) *big.Int {
	bound := new(big.Int).Lsh(big.NewInt(1), uint(bits))
	x := randBelow(rng, bound)
	if rng.IntN(2) == 1 {
		x.Neg(x)
	}
	return x
}

// randPoly has degree exactly deg and coefficients from randSigned(bits).
func randPoly(rng *rand.Rand, deg, bits int) []*big.Int {
	p := make([]*big.Int, deg+1)
	for i := range p {
		p[i] = randSigned(rng, bits)
	}
	for p[deg].Sign() == 0 {
		p[deg] = randSigned(rng, bits)
	}
	return p
}

// randPolyMod has degree exactly deg and coefficients in [0, p).
func randPolyMod(rng *rand.Rand, deg int, p *big.Int) []*big.Int {
	c := make([]*big.Int, deg+1)
	for i := range c {
		c[i] = randBelow(rng, p)
	}
	for c[deg].Sign() == 0 {
		c[deg] = randBelow(rng, p)
	}
	return c
}

// randMatrix is n×n with entries uniform in [−bound, bound].
func randMatrix(rng *rand.Rand, n int, bound int64) [][]*big.Int {
	rows := make([][]*big.Int, n)
	for i := range rows {
		rows[i] = make([]*big.Int, n)
		for j := range rows[i] {
			rows[i][j] = big.NewInt(rng.Int64N(2*bound+1) - bound)
		}
	}
	return rows
}

// randPrime is a random prime of exactly bits bits.
func randPrime(rng *rand.Rand, bits int) (*big.Int, error) {
	if bits < 2 {
		return nil, fmt.Errorf("no prime of %d bits", bits)
	}
	low := new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
	for {
		p := new(big.Int).Add(low, randBelow(rng, low))
		if p.ProbablyPrime(32) {
			return p, nil
		}
	}
}
