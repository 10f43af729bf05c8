// Package core holds what every Jacobian surface and domain shares. Its
// overview, by the parts a domain author and a surface meet in turn:
//
// # Values
//
// The exact value encodings are defined once here and reused by every
// domain's Go types, so each has one JSON Schema: Integer and Rational
// travel as decimal strings ("-3/4"), Matrix as an array of rows, and
// Polynomial is the one result form of a univariate polynomial over any
// ring, with its one renderer RenderPolynomial. docs/values.md states them.
//
// # Declarations
//
// An operation is an Operation[Req, Res]: ID, catalog metadata, limits,
// Preflight, Run, Postcondition, examples and a generator, each stage
// taking the request's context. Declare builds a Declaration from it and
// checks the rules judged from the declaration alone (DeclarationRules,
// the same functions the conformance suite reports); the request and result
// schemas are inferred from the Go types and compiled on first use, and the
// rules that read them are judged then.
//
// # Registry
//
// A domain module exports a single Register(*Registry) error that calls Add
// for each of its operations; a binary's membership is exactly the list of
// Register functions its main passes in (NewRegistryWith). Nothing
// registers itself, and a duplicate ID or a namespace claimed by two
// modules is refused with an error naming both.
//
// # Runtime
//
// Runtime.Run is the one pipeline every surface uses: admission (an
// execution slot from a shared Executor and a reservation from a
// process-wide MemoryBudget), a structural scan of the payload (duplicate
// keys, nesting, sizes declared in the schema), schema validation and
// strict decoding, preflight, execution, the independent postcondition,
// validation of the result, and publication, all under one deadline. Every
// refusal is one typed Outcome: completed, non_conclusion with a Reason, or
// failed with a stable Code (Codes, Reasons).
//
// # Stores
//
// Values published on output ports live in request-local ValueStores drawn
// from one bounded ValuePool (value:// references); results above the
// inline limit go to the durable, content-addressed ArtifactStore
// (artifact://sha256/<hex>), verified on every read.
//
// # Search
//
// The registry's search index ranks declarations lexically (BM25 over ID
// segments, title, summary and keywords) and judges applicability from
// declared input kinds and artifact types only; Runtime.Catalog and
// Runtime.Inspect describe what is installed.
//
// The shared mathematics the domains stand on lives in sub-packages:
// modular (word-size arithmetic, prime tables, CRT trees), modmat (matrix
// products and elimination modulo word-size primes), gfpoly (GF(p)[x]
// products, division, multipoint evaluation, half-gcd), bignum (transform
// products, Newton division, half-gcd gcd of big integers), zpoly (Z[x]
// products), factor and primality (integer factoring and certificates),
// and polyexpr (the strict polynomial expression parser).
package core
