package integer

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
)

// MaxPartitionsN bounds n in partitions: the Rademacher series for
// p(10^9) has some 10,000 terms, the first to 117,000 bits, and takes a
// few seconds.
const MaxPartitionsN = 1_000_000_000

// partitionsSeriesFrom is the least n for which partitions sums the
// Rademacher series rather than running Euler's recurrence, which is
// quicker only for the smallest n.
const partitionsSeriesFrom = 64

// PartitionsRequest asks for p(n).
type PartitionsRequest struct {
	N int `json:"n" jsonschema:"n ≥ 0, at most 1000000000"`
}

// PartitionsResult is the number of partitions of n.
type PartitionsResult struct {
	Partitions core.Integer `json:"partitions"`
}

// partitionsOperation computes p(n), the number of ways to write n as a
// sum of positive integers regardless of order. For n ≥ 64 it sums the
// Hardy–Ramanujan–Rademacher series to a proven error below 1/2 and
// rounds (partitions_hrr.go: Rademacher's truncation bound and the
// precision per term of Johansson, LMS J. Comput. Math. 15 (2012)), in
// about √n multiprecision terms; below, and as the reference, it runs
// Euler's pentagonal number recurrence
//
//	p(m) = Σ_{j ≥ 1} (−1)^(j+1) (p(m − j(3j − 1)/2) + p(m − j(3j + 1)/2)),
//
// from his pentagonal number theorem ∏(1 − x^k) = Σ (−1)^j x^(j(3j−1)/2)
// (Andrews, The Theory of Partitions, §1.3), exact arithmetic in
// O(n^1.5) additions. The postcondition is independent of both: for
// n ≤ 800, p(n) is recomputed from the divisor-sum recurrence
// n·p(n) = Σ_{k=1}^{n} σ(k) p(n − k); above, ln p(n) must lie within
// 0.01 of the first Rademacher term e^(Cλ)(1 − 1/(Cλ))/(4√3 λ²), with
// λ = √(n − 1/24) and C = π√(2/3), and p(n) must satisfy Ramanujan's
// congruences p(5k + 4) ≡ 0 (mod 5), p(7k + 5) ≡ 0 (mod 7) and
// p(11k + 6) ≡ 0 (mod 11).
//
// Canonical result: p(n) as a decimal string, p(0) = 1. n < 0 is a
// DOMAIN_ERROR.
func partitionsOperation() core.Operation[PartitionsRequest, PartitionsResult] {
	return core.Operation[PartitionsRequest, PartitionsResult]{
		ID:         "integer.compute.partitions",
		Title:      "Partition number p(n)",
		Summary:    "The number of partitions p(n) of n into positive parts (p(0) = 1), exactly, by the Hardy–Ramanujan–Rademacher series.",
		Keywords:   []string{"partitions", "partition number", "numbpart", "integer partitions", "p(n)", "hardy-ramanujan-rademacher", "pentagonal", "euler"},
		Kind:       core.Compute,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds:     core.Bounds{"/n": MaxPartitionsN},
		Limits: []core.Limit{{
			Name: "n", Max: MaxPartitionsN, Unit: "n",
			Description: "n is at most this",
			Beyond:      func() string { return fmt.Sprintf(`{"n":%d}`, MaxPartitionsN+1) },
			At:          func() string { return fmt.Sprintf(`{"n":%d}`, MaxPartitionsN) },
		}},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "negative n", Payload: `{"n":-3}`, Code: core.DomainError, Path: "/payload/n"},
			}
		},
		Preflight: func(ctx context.Context, q PartitionsRequest) error {
			if q.N > MaxPartitionsN {
				return core.Refusef("n is %d; at most %d is allowed", q.N, MaxPartitionsN)
			}
			if q.N < 0 {
				return core.DomainErrorAt(core.PayloadPath("n"), "n is %d; p(n) is defined here for n ≥ 0", q.N)
			}
			return nil
		},
		Run: func(ctx context.Context, q PartitionsRequest) (PartitionsResult, error) {
			p, err := partitions(ctx, q.N)
			return PartitionsResult{core.Int(p)}, err
		},
		Postcondition: func(ctx context.Context, q PartitionsRequest, r PartitionsResult) error {
			return checkPartitions(q.N, r.Partitions.Big())
		},
		Examples: []core.Example{
			// PARI/GP 2.15: numbpart(5) = 7, numbpart(100) = 190569292
			{Title: "p(5)", Payload: json.RawMessage(`{"n":5}`), Result: json.RawMessage(`{"partitions":"7"}`)},
			{Title: "p(100)", Payload: json.RawMessage(`{"n":100}`), Result: json.RawMessage(`{"partitions":"190569292"}`)},
			{Title: "p(0)", Payload: json.RawMessage(`{"n":0}`), Result: json.RawMessage(`{"partitions":"1"}`)},
		},
		Generate: func(_ context.Context, rng *rand.Rand) PartitionsRequest {
			return PartitionsRequest{rng.IntN(3000)}
		},
	}
}

// partitions is p(n): by the Rademacher series from
// partitionsSeriesFrom on, by the pentagonal recurrence below.
func partitions(ctx context.Context, n int) (*big.Int, error) {
	if n >= partitionsSeriesFrom {
		return partitionsHRR(ctx, n)
	}
	p, err := partitionsTable(ctx, n)
	if err != nil {
		return nil, err
	}
	return p[n], nil
}

// partitionsTable is p(0), …, p(n) by Euler's pentagonal number
// recurrence: the reference beside partitionsHRR.
func partitionsTable(ctx context.Context, n int) ([]*big.Int, error) {
	p := make([]*big.Int, n+1)
	p[0] = big.NewInt(1)
	for m := 1; m <= n; m++ {
		if m%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		plus, minus := new(big.Int), new(big.Int)
		for j := 1; ; j++ {
			g := j * (3*j - 1) / 2
			if g > m {
				break
			}
			acc := plus
			if j%2 == 0 {
				acc = minus
			}
			acc.Add(acc, p[m-g])
			if h := g + j; h <= m {
				acc.Add(acc, p[m-h])
			}
		}
		p[m] = plus.Sub(plus, minus)
	}
	return p, nil
}

// partitionsBySigma is p(n) by n·p(n) = Σ σ(k) p(n − k), O(n²): the
// reference beside partitions.
func partitionsBySigma(n int) *big.Int {
	sigma := make([]int64, n+1)
	for d := 1; d <= n; d++ {
		for m := d; m <= n; m += d {
			sigma[m] += int64(d)
		}
	}
	p := make([]*big.Int, n+1)
	p[0] = big.NewInt(1)
	t := new(big.Int)
	for m := 1; m <= n; m++ {
		s := new(big.Int)
		for k := 1; k <= m; k++ {
			s.Add(s, t.Mul(big.NewInt(sigma[k]), p[m-k]))
		}
		p[m] = s.Quo(s, big.NewInt(int64(m)))
	}
	return p[n]
}

// checkPartitions is partitions' postcondition.
func checkPartitions(n int, got *big.Int) error {
	if n <= 800 {
		if want := partitionsBySigma(n); got.Cmp(want) != 0 {
			return fmt.Errorf("p(%d) by the divisor-sum recurrence is %v", n, clipped(want))
		}
		return nil
	}
	for _, c := range [][3]int{{5, 4, 5}, {7, 5, 7}, {11, 6, 11}} {
		if n%c[0] == c[1] && new(big.Int).Mod(got, big.NewInt(int64(c[2]))).Sign() != 0 {
			return fmt.Errorf("p(%d) breaks Ramanujan's congruence modulo %d", n, c[2])
		}
	}
	// ln p(n) against the first Rademacher term, whose relative error
	// is far below 1% for n > 800.
	lambda := math.Sqrt(float64(n) - 1.0/24)
	cl := math.Pi * math.Sqrt(2.0/3) * lambda
	approx := cl + math.Log1p(-1/cl) - math.Log(4*math.Sqrt(3)*lambda*lambda)
	shift := max(got.BitLen()-60, 0)
	top, _ := new(big.Float).SetInt(new(big.Int).Rsh(got, uint(shift))).Float64()
	if lg := math.Log(top) + float64(shift)*math.Ln2; math.Abs(lg-approx) > 0.01 {
		return fmt.Errorf("ln p(%d) = %.4f is far from the Hardy–Ramanujan–Rademacher estimate %.4f", n, lg, approx)
	}
	return nil
}
