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
		return SearchResult{}, &Error{Code: InvalidPayload, Path: "/limit", Message: "limit must be between 1 and 50"}
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
	hits := make([]SearchHit, 0, len(scored))
	for _, s := range scored {
		d := rt.index.decls[s.doc]
		hits = append(hits, SearchHit{
			CapabilityID: d.ID, Title: d.Title, Summary: d.Summary, Kind: d.Kind,
			Relevance:             math.Round(s.score*1000) / 1000,
			Applicability:         applicability(d, req),
			Available:             true,
			InputKinds:            nonNil(d.InputKinds),
			AcceptedArtifactTypes: nonNil(d.AcceptedArtifactTypes()),
			ProducedArtifactTypes: nonNil(d.ProducedArtifactTypes()),
		})
	}
	// Compatible operations first; relevance, then ID, within each group.
	slices.SortStableFunc(hits, func(a, b SearchHit) int {
		ai, bi := a.Applicability.Status == Incompatible, b.Applicability.Status == Incompatible
		if ai != bi {
			if ai {
				return 1
			}
			return -1
		}
		return 0
	})
	res := SearchResult{Query: q, Total: len(hits), Hits: hits}
	if len(res.Hits) > limit {
		res.Hits = res.Hits[:limit]
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
	avgLen   float64
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
		for _, t := range sortedKeys(tf) {
			ix.postings[t] = append(ix.postings[t], posting{doc: i, tf: tf[t]})
		}
		total += ix.docLen[i]
	}
	if len(decls) > 0 {
		ix.avgLen = total / float64(len(decls))
	}
	return ix
}

type scoredDoc struct {
	doc   int
	score float64
}

func (ix *searchIndex) score(query []string) []scoredDoc {
	n := float64(len(ix.decls))
	acc := map[int]float64{}
	for _, t := range query {
		ps := ix.postings[t]
		if len(ps) == 0 {
			continue
		}
		idf := math.Log(1 + (n-float64(len(ps))+0.5)/(float64(len(ps))+0.5))
		for _, p := range ps {
			norm := bm25K1 * (1 - bm25B + bm25B*ix.docLen[p.doc]/ix.avgLen)
			acc[p.doc] += idf * p.tf * (bm25K1 + 1) / (p.tf + norm)
		}
	}
	out := make([]scoredDoc, 0, len(acc))
	for doc, s := range acc {
		out = append(out, scoredDoc{doc, s})
	}
	slices.SortFunc(out, func(a, b scoredDoc) int {
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		return strings.Compare(ix.decls[a.doc].ID, ix.decls[b.doc].ID)
	})
	return out
}

// nearestIDs suggests installed IDs close to a mistyped one.
func (ix *searchIndex) nearestIDs(id string, n int) []string {
	if strings.TrimSpace(id) == "" {
		return nil
	}
	var out []string
	for _, s := range ix.score(uniqueTerms(id)) {
		out = append(out, ix.decls[s.doc].ID)
		if len(out) == n {
			break
		}
	}
	return out
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
