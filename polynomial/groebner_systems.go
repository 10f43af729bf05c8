package polynomial

import "math/big"

// Classical benchmark systems (Backelin and Fröberg's cyclic n-roots;
// Katsura's magnetism equations), used by the benchmarks, the slow
// payload and the tests.

// cyclicSystem is cyclic-n in x1..xn: the elementary symmetric-like sums
// Σ_i Π_{j<k} x_{i+j mod n} for k = 1..n−1, and x1·…·xn − 1.
func cyclicSystem(n int) []mpoly {
	o := monoOrder{kind: OrderGrevlex}
	var out mpoly
	var gens []mpoly
	for k := 1; k < n; k++ {
		out = nil
		for i := range n {
			m := monoOne(n)
			for j := range k {
				m[1+(i+j)%n]++
			}
			m[0] = int32(k)
			out = append(out, qterm{m, big.NewRat(1, 1)})
		}
		o.sortTerms(out)
		gens = append(gens, out)
	}
	m := monoOne(n)
	for i := 1; i <= n; i++ {
		m[i] = 1
	}
	m[0] = int32(n)
	gens = append(gens, mpoly{{m, big.NewRat(1, 1)}, {monoOne(n), big.NewRat(-1, 1)}})
	return gens
}

// katsuraSystem is katsura-n in u0..un (n+1 variables): with u_{−l} = u_l
// and u_l = 0 for l > n, Σ_{l=−n}^{n} u_l·u_{m−l} − u_m for m = 0..n−1, and
// u0 + 2·Σ_{l=1}^{n} u_l − 1.
func katsuraSystem(n int) []mpoly {
	o := monoOrder{kind: OrderGrevlex}
	nv := n + 1
	var gens []mpoly
	u := func(l int) int { // index of u_|l|, or −1 beyond n
		if l < 0 {
			l = -l
		}
		if l > n {
			return -1
		}
		return l
	}
	for m := range n {
		acc := map[string]qterm{}
		add := func(mono []int32, c int64) {
			k := monoKey(mono)
			if t, ok := acc[k]; ok {
				t.c.Add(t.c, big.NewRat(c, 1))
				return
			}
			acc[k] = qterm{mono, big.NewRat(c, 1)}
		}
		for l := -n; l <= n; l++ {
			a, b := u(l), u(m-l)
			if a < 0 || b < 0 {
				continue
			}
			mono := monoOne(nv)
			mono[1+a]++
			mono[1+b]++
			mono[0] = 2
			add(mono, 1)
		}
		lin := monoOne(nv)
		lin[1+m], lin[0] = 1, 1
		add(lin, -1)
		var p mpoly
		for _, t := range acc {
			if t.c.Sign() != 0 {
				p = append(p, t)
			}
		}
		o.sortTerms(p)
		gens = append(gens, p)
	}
	var lin mpoly
	for l := 0; l <= n; l++ {
		mono := monoOne(nv)
		mono[1+l], mono[0] = 1, 1
		c := int64(2)
		if l == 0 {
			c = 1
		}
		lin = append(lin, qterm{mono, big.NewRat(c, 1)})
	}
	lin = append(lin, qterm{monoOne(nv), big.NewRat(-1, 1)})
	o.sortTerms(lin)
	return append(gens, lin)
}

// systemVariables names n variables x1..xn (or, with from0, u0..u(n−1)).
func systemVariables(prefix string, from, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + itoa(from+i)
	}
	return out
}
