package core

// Catalog search is Okapi BM25 (Robertson & Zaragoza, "The Probabilistic
// Relevance Framework: BM25 and Beyond", 2009) over one weighted bag of
// terms per operation, a simplified BM25F: terms from the ID's segments and
// the keywords count three times, the title twice, the summary once. Terms
// are lower-cased, split on anything that is not a letter or digit, stripped
// of stop words and reduced by a light suffix stemmer, so "factorizations",
// "factoring" and "factor" meet. Only lexical evidence is used: search never
// guesses types from wording. Declared input kinds and artifact types are
// then compared with what the caller says it holds.

import (
	"maps"
	"math"
	"slices"
	"strings"
	"unicode"
)

// Search bounds.
const (
	MaxQueryBytes = 1000
	MaxQueryTerms = 32
	MaxSearchHits = 50
	DefaultHits   = 5
)

// SearchRequest asks for operations matching a query.
type SearchRequest struct {
	Query         string   `json:"query"`
	Limit         int      `json:"limit,omitempty"`
	InputKinds    []string `json:"input_kinds,omitempty"`
	ArtifactTypes []string `json:"artifact_types,omitempty"`
}

// Applicability statuses and reasons.
const (
	NeedsMoreTypedRequirements = "NEEDS_MORE_TYPED_REQUIREMENTS"
	Incompatible               = "INCOMPATIBLE"
	InputKindMismatch          = "INPUT_KIND_MISMATCH"
	ArtifactTypeMismatchReason = "ARTIFACT_TYPE_MISMATCH"
)

// Applicability says what the declared types allow. Search never says an
// operation applies: only a run with a full payload can.
type Applicability struct {
	Status  string   `json:"status"`
	Reasons []string `json:"reasons,omitempty"`
}

// SearchHit is one ranked search result.
type SearchHit struct {
	CapabilityID          string        `json:"capability_id"`
	Title                 string        `json:"title"`
	Summary               string        `json:"summary"`
	Kind                  Kind          `json:"kind"`
	Relevance             float64       `json:"relevance"`
	Applicability         Applicability `json:"applicability"`
	Available             bool          `json:"available"`
	InputKinds            []string      `json:"input_kinds"`
	AcceptedArtifactTypes []string      `json:"accepted_artifact_types"`
	ProducedArtifactTypes []string      `json:"produced_artifact_types"`
}

// SearchResult is the answer to a search.
type SearchResult struct {
	Query string      `json:"query"`
	Total int         `json:"total_matches"`
	Hits  []SearchHit `json:"hits"`
}

// Search ranks the catalog against a query. Errors are *Error with
// INVALID_PAYLOAD.
func (rt *Runtime) Search(req SearchRequest) (SearchResult, error) {
	q := strings.TrimSpace(req.Query)
	switch {
	case q == "":
		return SearchResult{}, &Error{Code: InvalidPayload, Path: "/query", Message: "the query is empty; describe the operation in a few words, e.g. \"greatest common divisor\""}
	case len(q) > MaxQueryBytes:
		return SearchResult{}, &Error{Code: InvalidPayload, Path: "/query", Message: "the query is longer than 1000 bytes; use a few keywords"}
	case req.Limit < 0 || req.Limit > MaxSearchHits:
		return SearchResult{}, &Error{Code: InvalidPayload, Path: "/limit", Message: "limit must be between 1 and 50 (0 or absent means 5)"}
	}
	terms := uniqueTerms(q)
	if len(terms) > MaxQueryTerms {
		return SearchResult{}, &Error{Code: InvalidPayload, Path: "/query", Message: "the query has more than 32 distinct terms; use a few keywords"}
	}
	limit := req.Limit
	if limit == 0 {
		limit = DefaultHits
	}
	scored := rt.index.score(terms)
	// Compatible operations first, then relevance, then ID. Only the
	// best limit candidates are kept while scanning.
	type candidate struct {
		scoredDoc
		app Applicability
	}
	better := func(a, b candidate) bool {
		ai, bi := a.app.Status == Incompatible, b.app.Status == Incompatible
		if ai != bi {
			return bi
		}
		if a.score != b.score {
			return a.score > b.score
		}
		return rt.index.decls[a.doc].ID < rt.index.decls[b.doc].ID
	}
	top := make([]candidate, 0, limit+1)
	for _, s := range scored {
		c := candidate{s, applicability(rt.index.decls[s.doc], req)}
		if len(top) == limit && !better(c, top[limit-1]) {
			continue
		}
		i := len(top)
		top = append(top, c)
		for ; i > 0 && better(c, top[i-1]); i-- {
			top[i] = top[i-1]
		}
		top[i] = c
		if len(top) > limit {
			top = top[:limit]
		}
	}
	res := SearchResult{Query: q, Total: len(scored), Hits: make([]SearchHit, 0, len(top))}
	for _, c := range top {
		d := rt.index.decls[c.doc]
		res.Hits = append(res.Hits, SearchHit{
			CapabilityID: d.ID, Title: d.Title, Summary: d.Summary, Kind: d.Kind,
			Relevance:             math.Round(c.score*1000) / 1000,
			Applicability:         c.app,
			Available:             true,
			InputKinds:            nonNil(d.InputKinds),
			AcceptedArtifactTypes: nonNil(d.AcceptedArtifactTypes()),
			ProducedArtifactTypes: nonNil(d.ProducedArtifactTypes()),
		})
	}
	return res, nil
}

func applicability(d *Declaration, req SearchRequest) Applicability {
	var reasons []string
	if len(req.InputKinds) > 0 && !overlaps(req.InputKinds, d.InputKinds) {
		reasons = append(reasons, InputKindMismatch)
	}
	if len(req.ArtifactTypes) > 0 && !overlaps(req.ArtifactTypes, d.AcceptedArtifactTypes()) {
		reasons = append(reasons, ArtifactTypeMismatchReason)
	}
	if len(reasons) > 0 {
		return Applicability{Status: Incompatible, Reasons: reasons}
	}
	return Applicability{Status: NeedsMoreTypedRequirements}
}

func overlaps(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

type posting struct {
	doc int
	tf  float64
}

type searchIndex struct {
	decls    []*Declaration
	postings map[string][]posting
	docLen   []float64
	// norm is BM25's length normalisation k1·(1 − b + b·len/avglen), per
	// operation, computed once.
	norm []float64
}

// Field weights of the simplified BM25F, and the usual BM25 constants.
const (
	weightID      = 3
	weightKeyword = 3
	weightTitle   = 2
	weightSummary = 1
	bm25K1        = 1.2
	bm25B         = 0.75
)

func newSearchIndex(decls []*Declaration) *searchIndex {
	ix := &searchIndex{decls: decls, postings: map[string][]posting{}, docLen: make([]float64, len(decls))}
	total := 0.0
	for i, d := range decls {
		tf := map[string]float64{}
		add := func(text string, w float64) {
			for _, t := range terms(text) {
				tf[t] += w
				ix.docLen[i] += w
			}
		}
		add(d.ID, weightID)
		add(strings.Join(d.Keywords, " "), weightKeyword)
		add(d.Title, weightTitle)
		add(d.Summary, weightSummary)
		for _, t := range slices.Sorted(maps.Keys(tf)) {
			ix.postings[t] = append(ix.postings[t], posting{doc: i, tf: tf[t]})
		}
		total += ix.docLen[i]
	}
	ix.norm = make([]float64, len(decls))
	for i := range decls {
		ix.norm[i] = bm25K1 * (1 - bm25B + bm25B*ix.docLen[i]*float64(len(decls))/total)
	}
	return ix
}

type scoredDoc struct {
	doc   int
	score float64
}

// score returns every operation matching at least one query term with its
// BM25 score, in index order.
func (ix *searchIndex) score(query []string) []scoredDoc {
	n := float64(len(ix.decls))
	acc := make([]float64, len(ix.decls))
	var touched []int
	for _, t := range query {
		ps := ix.postings[t]
		if len(ps) == 0 {
			continue
		}
		idf := math.Log(1 + (n-float64(len(ps))+0.5)/(float64(len(ps))+0.5))
		for _, p := range ps {
			if acc[p.doc] == 0 {
				touched = append(touched, p.doc)
			}
			acc[p.doc] += idf * p.tf * (bm25K1 + 1) / (p.tf + ix.norm[p.doc])
		}
	}
	slices.Sort(touched)
	out := make([]scoredDoc, len(touched))
	for i, doc := range touched {
		out[i] = scoredDoc{doc, acc[doc]}
	}
	return out
}

// nearestIDs suggests installed IDs close to a mistyped one: those within a
// small edit distance first, then the best lexical matches.
func (ix *searchIndex) nearestIDs(id string, n int) []string {
	if strings.TrimSpace(id) == "" || len(id) > MaxQueryBytes {
		return nil
	}
	type near struct {
		id   string
		dist int
	}
	var close []near
	for _, d := range ix.decls {
		if dist := editDistance(id, d.ID); dist <= max(2, len(d.ID)/5) {
			close = append(close, near{d.ID, dist})
		}
	}
	slices.SortStableFunc(close, func(a, b near) int { return a.dist - b.dist })
	var out []string
	for _, c := range close {
		out = append(out, c.id)
	}
	lexical := ix.score(uniqueTerms(id))
	slices.SortStableFunc(lexical, func(a, b scoredDoc) int {
		if a.score > b.score {
			return -1
		}
		if a.score < b.score {
			return 1
		}
		return 0
	})
	for _, s := range lexical {
		if !slices.Contains(out, ix.decls[s.doc].ID) {
			out = append(out, ix.decls[s.doc].ID)
		}
	}
	return out[:min(n, len(out))]
}

// editDistance is the Levenshtein distance (Wagner–Fischer, one row).
func editDistance(a, b string) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		prev := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cur := row[j]
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			row[j] = min(row[j]+1, row[j-1]+1, prev+cost)
			prev = cur
		}
	}
	return row[len(b)]
}

var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "to": true, "is": true, "are": true,
	"this": true, "that": true, "these": true, "for": true, "and": true, "or": true,
	"in": true, "on": true, "with": true, "by": true, "what": true, "how": true,
	"do": true, "does": true, "i": true, "my": true, "it": true, "its": true, "be": true,
	"from": true, "as": true, "at": true, "me": true, "find": true, "get": true,
	"give": true, "some": true, "number": true, "numbers": true, "value": true,
	"two": true, "given": true, "which": true, "whether": true, "can": true,
	"please": true, "exactly": true, "exact": true, "compute": true, "calculate": true,
}

// irregularPlurals are the Latin and Greek plurals of mathematics, which no
// suffix rule reaches.
var irregularPlurals = map[string]string{
	"matrices": "matrix", "indices": "index", "vertices": "vertex", "bases": "basis",
	"radii": "radius", "loci": "locus", "polyhedra": "polyhedron", "moduli": "modulus",
}

// terms tokenizes and stems text for the index and for queries.
func terms(text string) []string {
	fields := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	out := fields[:0]
	for _, f := range fields {
		if stopWords[f] {
			continue
		}
		out = append(out, stem(f))
	}
	return out
}

func uniqueTerms(text string) []string {
	var out []string
	for _, t := range terms(text) {
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// stem is a light English suffix stripper in the spirit of Porter's first
// steps: plurals, then common derivational endings, then a final "e".
func stem(w string) string {
	if singular, ok := irregularPlurals[w]; ok {
		w = singular
	}
	if len(w) <= 3 {
		return w
	}
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		w = w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"):
		w = w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is"):
		w = w[:len(w)-1]
	}
	for _, suf := range []string{"ization", "isation", "ation", "izing", "ising", "ize", "ise", "ing", "ed", "ion"} {
		if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 4 {
			w = w[:len(w)-len(suf)]
			break
		}
	}
	if strings.HasSuffix(w, "e") && len(w) > 4 {
		w = w[:len(w)-1]
	}
	return w
}
