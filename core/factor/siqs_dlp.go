package factor

// The double large prime variation of the quadratic sieve.
//
// References: A. K. Lenstra and M. S. Manasse, "Factoring with two large
// primes", Math. Comp. 63 (1994); P. Leyland, A. K. Lenstra, B. Dodson,
// A. Muffett and S. Wagstaff, "MPQS with three large primes", ANTS-V
// (2002), §2 on the cycle count.
//
// A partial relation has one large prime L (its right side is L times
// factor-base primes), a partial-partial one two, L₁L₂. Each is an edge of
// a graph on the large primes plus the vertex 1: (1, L) or (L₁, L₂). The
// relations of a cycle multiply to a right side in which every large prime
// of the cycle appears squared, a full relation whose square root gains
// their product. The number of independent cycles of a graph is
// edges − vertices + components, counted as the relations come by
// union–find; the cycles themselves are read off a spanning forest (found
// by breadth-first search) once enough are known: each edge outside the
// forest closes one, with the forest's path between its ends.

import (
	"math/big"
	"slices"

	"jacobian.dev/core/modular"
	"jacobian.dev/core/primality"
)

// sprp2 reports whether the odd n > 2 is a strong probable prime to base 2
// (Miller–Rabin with one witness): every prime is, and a composite that
// passes only costs the sieve a relation.
func sprp2(n uint64) bool { return primality.StrongProbablePrime(n, 2) }

// rho64Steps bounds Brent's rho on one cofactor: its factors are below
// 2^32, found after about 2^16 steps at worst.
const rho64Steps = 1 << 17

// splitWord returns a proper factor of the odd composite n < 2^64, or 0,
// by Pollard–Brent rho in Montgomery arithmetic (Brent, "An improved Monte
// Carlo factorization algorithm", BIT 20 (1980)), the differences
// multiplied in batches of 32 before a gcd.
func splitWord(n uint64) uint64 {
	m := modular.NewMont64(n)
	for c := uint64(1); c < 4; c++ {
		cm := m.To(c)
		f := func(x uint64) uint64 {
			x = m.Mul(x, x) + cm
			if x >= n || x < cm {
				x -= n
			}
			return x
		}
		y, x, ys := m.One(), m.One(), m.One()
		q := m.One()
		g := uint64(1)
		steps := 0
		for r := 1; g == 1 && steps < rho64Steps; r *= 2 {
			x = y
			for range r {
				y = f(y)
			}
			for k := 0; k < r && g == 1; k += 32 {
				ys = y
				for range min(32, r-k) {
					y = f(y)
					d := x - y
					if x < y {
						d = y - x
					}
					q = m.Mul(q, d)
				}
				steps += 32
				g = gcdWord(q, n)
			}
		}
		if g == n {
			// The batch overshot: redo it one step at a time.
			for g = 1; g == 1; {
				ys = f(ys)
				d := x - ys
				if x < ys {
					d = ys - x
				}
				g = gcdWord(d, n)
			}
		}
		if g != 1 && g != n {
			return g
		}
	}
	return 0
}

func gcdWord(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// siqsGraph counts the independent cycles of the large-prime graph as its
// edges come (union–find with path halving and union by size).
type siqsGraph struct {
	id     map[uint64]int32 // vertex → index
	parent []int32
	size   []int32
	cycles int
}

func newSIQSGraph() *siqsGraph {
	return &siqsGraph{id: map[uint64]int32{}}
}

func (g *siqsGraph) vertex(v uint64) int32 {
	if i, ok := g.id[v]; ok {
		return i
	}
	i := int32(len(g.parent))
	g.id[v] = i
	g.parent = append(g.parent, i)
	g.size = append(g.size, 1)
	return i
}

func (g *siqsGraph) find(i int32) int32 {
	for g.parent[i] != i {
		g.parent[i] = g.parent[g.parent[i]]
		i = g.parent[i]
	}
	return i
}

// add records the edge (u, v) and reports whether it closed a cycle.
func (g *siqsGraph) add(u, v uint64) bool {
	a, b := g.find(g.vertex(u)), g.find(g.vertex(v))
	if a == b {
		g.cycles++
		return true
	}
	if g.size[a] < g.size[b] {
		a, b = b, a
	}
	g.parent[b] = a
	g.size[a] += g.size[b]
	return false
}

// siqsEnds is the edge of a partial relation: (1, L) or (L₁, L₂).
func siqsEnds(r *siqsRelation) (uint64, uint64) {
	if r.large[1] == 0 {
		return 1, r.large[0]
	}
	return r.large[0], r.large[1]
}

// siqsCycles combines the partial relations (each an edge, distinct
// relations) into full ones, one for each edge outside a breadth-first
// spanning forest of their graph: the product of the relations on the
// cycle the edge closes, y taken mod n, with every large prime of the
// cycle in square. Their number is edges − vertices + components.
func siqsCycles(parts []siqsRelation, n *big.Int) []siqsRelation {
	id := map[uint64]int32{}
	var verts []uint64
	vertex := func(v uint64) int32 {
		if i, ok := id[v]; ok {
			return i
		}
		i := int32(len(verts))
		id[v] = i
		verts = append(verts, v)
		return i
	}
	type end struct{ u, v int32 }
	ends := make([]end, len(parts))
	deg := []int32{}
	for k := range parts {
		a, b := siqsEnds(&parts[k])
		ends[k] = end{vertex(a), vertex(b)}
		for len(deg) < len(verts) {
			deg = append(deg, 0)
		}
		deg[ends[k].u]++
		deg[ends[k].v]++
	}
	// Adjacency in compressed rows: the edges at vertex i are
	// adj[start[i]:start[i+1]].
	start := make([]int32, len(verts)+1)
	for i, d := range deg {
		start[i+1] = start[i] + d
	}
	adj := make([]int32, start[len(verts)])
	fill := slices.Clone(start[:len(verts)])
	for k, e := range ends {
		adj[fill[e.u]] = int32(k)
		fill[e.u]++
		adj[fill[e.v]] = int32(k)
		fill[e.v]++
	}
	// Breadth-first forest: parent edge and depth of every vertex.
	parentEdge := make([]int32, len(verts))
	depth := make([]int32, len(verts))
	seen := make([]bool, len(verts))
	tree := make([]bool, len(parts))
	var queue []int32
	for root := range verts {
		if seen[root] {
			continue
		}
		seen[root] = true
		parentEdge[root] = -1
		queue = append(queue[:0], int32(root))
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for _, k := range adj[start[x]:start[x+1]] {
				y := ends[k].u
				if y == x {
					y = ends[k].v
				}
				if seen[y] {
					continue
				}
				seen[y] = true
				tree[k] = true
				parentEdge[y] = k
				depth[y] = depth[x] + 1
				queue = append(queue, y)
			}
		}
	}
	other := func(k, x int32) int32 {
		if ends[k].u == x {
			return ends[k].v
		}
		return ends[k].u
	}
	var out []siqsRelation
	for k := range parts {
		if tree[k] {
			continue
		}
		edges := []int32{int32(k)}
		u, v := ends[k].u, ends[k].v
		var cyc []int32
		for u != v {
			if depth[u] < depth[v] {
				u, v = v, u
			}
			cyc = append(cyc, u)
			e := parentEdge[u]
			edges = append(edges, e)
			u = other(e, u)
		}
		cyc = append(cyc, u)
		y := big.NewInt(1)
		var cols []uint32
		var sq []uint64
		for _, e := range edges {
			y.Mul(y, parts[e].y)
			y.Mod(y, n)
			cols = append(cols, parts[e].cols...)
		}
		for _, x := range cyc {
			if verts[x] != 1 {
				sq = append(sq, verts[x])
			}
		}
		out = append(out, siqsRelation{y: y, cols: cols, square: sq})
	}
	return out
}
