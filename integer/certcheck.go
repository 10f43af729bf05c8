package integer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"jacobian.dev/core"
	"jacobian.dev/core/primality"
)

// Limits of primality_certificate.
const (
	// MaxCertificateSteps bounds the steps of a certificate.
	MaxCertificateSteps = 256
	// MaxStepFactors bounds the primes listed in one step.
	MaxStepFactors = 1024
	// MaxCertificatePrimes bounds the primes of all steps together: each
	// costs two exponentiations modulo its step's N of up to 2048 bits.
	MaxCertificatePrimes = 2048
)

// CertificateRequest is a claimed proof that n is prime: the certificate
// integer.check.primality returns, either Pocklington–Lehmer steps (n
// first, each prime proven by "pocklington" having its own later step)
// or ECPP steps (n first, each q the next step's N); exactly one of the
// two is non-empty.
type CertificateRequest struct {
	N           core.Integer      `json:"n"`
	Certificate []PocklingtonStep `json:"certificate,omitempty" jsonschema:"the Pocklington–Lehmer certificate to verify, n's step first (absent or empty when an ECPP certificate is given)"`
	ECPP        []ECPPStep        `json:"ecpp,omitempty" jsonschema:"an ECPP certificate to verify instead (integer.check.primality's ecpp), n's step first"`
}

// CertificateResult is the verdict on the certificate: accepted when it
// proves n prime; rejected, with the first step that fails and why, when
// it does not (which says nothing about n itself).
type CertificateResult struct {
	core.CheckResult
	core.Bindings[CertificateRequest]
	Reason     string `json:"reason" jsonschema:"the verdict in words: what was verified, or the first condition that fails"`
	FailedStep *int   `json:"failed_step,omitempty" jsonschema:"the index of the step whose condition fails (rejected)"`
}

// certificateOperation re-verifies a Pocklington–Lehmer certificate without
// trusting whoever produced it (Brillhart, Lehmer and Selfridge 1975,
// Theorems 4 and 5; see pocklington.go): from the last step to the first,
// F·R = N − 1; F > √N, or F ≥ ∛N with c1² − 4c2 not a square; the listed
// prime powers multiply to F; each prime is proven by trial division
// (below 2^28), deterministic Miller–Rabin (below 3.3·10^24) or a later
// step; and each witness a has a^(N−1) ≡ 1 and gcd(a^((N−1)/q) − 1, N) = 1.
// The first step must prove n. The work is two exponentiations per listed
// prime, no factoring and no search.
//
// An ECPP certificate (Atkin and Morain 1993; see ecpp.go) is checked
// step by step from the first: N coprime to 6, a, b, x, y in [0, N),
// gcd(4a³ + 27b², N) = 1, P = (x, y) on y² = x³ + ax + b, q | m,
// (⌊N^(1/4)⌋ + 2)² < q < N, [m/q]P ≠ O and [m]P = O modulo every prime of
// N (unit Z's of the Jacobian multiples; ecpp_curve.go), each q the next
// step's N, and the last q below ψ13 passing deterministic Miller–Rabin.
// The work is two scalar multiplications per step.
//
// Canonical result: accepted with the reason; or rejected with the index
// of the failing step (checked from the last) and the condition that
// fails. A rejection is about the certificate: n may still be prime.
func certificateOperation() core.Operation[CertificateRequest, CertificateResult] {
	return core.Operation[CertificateRequest, CertificateResult]{
		ID:         "integer.check.primality_certificate",
		Title:      "Primality certificate check",
		Summary:    "Re-verifies a Pocklington–Lehmer or elliptic curve (ECPP) primality certificate (as integer.check.primality returns) without trusting its producer: accepted when it proves n prime, rejected with the failing step otherwise.",
		Keywords:   []string{"primality certificate", "verify certificate", "pocklington", "lehmer", "prime proof", "certificate check", "brillhart lehmer selfridge", "ecpp", "elliptic curve certificate", "atkin morain", "goldwasser kilian"},
		Kind:       core.Check,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Bounds: core.Bounds{
			"/certificate":           MaxCertificateSteps,
			"/certificate/*/factors": MaxStepFactors,
			// q^e divides N − 1 < 2^2048, so e < 2048.
			"/certificate/*/factors/*/exponent": MaxPrimalityBits,
			"/ecpp":                             MaxECPPSteps,
		},
		Limits: []core.Limit{
			{
				Name: "bits", Max: MaxPrimalityBits, Unit: "bits",
				Description: "n and the N of every step have at most this many bits",
				Beyond: func() string {
					return fmt.Sprintf(`{"n":"%s","certificate":[]}`, new(big.Int).Lsh(big.NewInt(1), MaxPrimalityBits))
				},
				At: func() string {
					// 2^2048 − 1 is composite; the empty certificate
					// proves nothing, so this is a quick rejection.
					return fmt.Sprintf(`{"n":"%s","certificate":[]}`, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), MaxPrimalityBits), big.NewInt(1)))
				},
			},
			{
				Name: "steps", Max: MaxCertificateSteps, Unit: "steps",
				Description: "the certificate has at most this many steps",
				Beyond:      func() string { return certificateOfSteps(MaxCertificateSteps + 1) },
				At:          func() string { return certificateOfSteps(MaxCertificateSteps) },
			},
			{
				Name: "primes", Max: MaxCertificatePrimes, Unit: "listed primes",
				Description: "the steps list at most this many primes together",
				Beyond:      func() string { return certificateOfPrimes(MaxCertificatePrimes + 1) },
				At:          func() string { return certificateOfPrimes(MaxCertificatePrimes) },
			},
			{
				Name: "ecpp_steps", Max: MaxECPPSteps, Unit: "steps",
				Description: "an ECPP certificate has at most this many steps, each of at most 2048 bits (two scalar multiplications each)",
				Beyond:      func() string { return ecppOfSteps(MaxECPPSteps + 1) },
				At:          func() string { return ecppOfSteps(MaxECPPSteps) },
			},
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{
				{Title: "a step's N as a number", Payload: `{"n":"7","certificate":[{"n":7,"factored_part":"6","cofactor":"1","criterion":"factored_part_above_square_root","factors":[]}]}`, Code: core.InvalidPayload, Path: "/payload/certificate/0/n"},
				{Title: "an unknown proof method", Payload: `{"n":"7","certificate":[{"n":"7","factored_part":"6","cofactor":"1","criterion":"factored_part_above_square_root","factors":[{"prime":"2","exponent":1,"witness":"3","proof":"trust_me"}]}]}`, Code: core.InvalidPayload, Path: "/payload/certificate/0/factors/0/proof"},
			}
		},
		Preflight: func(ctx context.Context, q CertificateRequest) error {
			if b := q.N.Big().BitLen(); b > MaxPrimalityBits {
				return core.Refusef("n has %d bits; at most %d are allowed", b, MaxPrimalityBits)
			}
			if len(q.Certificate) > MaxCertificateSteps {
				return core.Refusef("the certificate has %d steps; at most %d are allowed", len(q.Certificate), MaxCertificateSteps)
			}
			total := 0
			for i, s := range q.Certificate {
				if b := s.N.Big().BitLen(); b > MaxPrimalityBits {
					return core.Refusef("step %d's N has %d bits; at most %d are allowed", i, b, MaxPrimalityBits)
				}
				total += len(s.Factors)
			}
			if total > MaxCertificatePrimes {
				return core.Refusef("the certificate lists %d primes; at most %d are allowed", total, MaxCertificatePrimes)
			}
			if len(q.ECPP) > MaxECPPSteps {
				return core.Refusef("the ECPP certificate has %d steps; at most %d are allowed", len(q.ECPP), MaxECPPSteps)
			}
			for i, s := range q.ECPP {
				for _, v := range []core.Integer{s.N, s.A, s.B, s.X, s.Y, s.M, s.Q} {
					if b := v.Big().BitLen(); b > MaxPrimalityBits+1 {
						return core.Refusef("ECPP step %d has a %d-bit number; at most %d bits are allowed", i, b, MaxPrimalityBits+1)
					}
				}
			}
			return nil
		},
		Run: func(ctx context.Context, q CertificateRequest) (CertificateResult, error) {
			return checkCertificate(ctx, q)
		},
		// An accepted certificate's n must pass Baillie–PSW, an
		// independent test; a rejection names a step in range.
		Postcondition: func(ctx context.Context, q CertificateRequest, r CertificateResult) error {
			if r.Reason == "" {
				return fmt.Errorf("no reason given")
			}
			switch r.Verdict {
			case core.Accepted:
				if st, _ := primality.Test(q.N.Big()); st == primality.Composite {
					return fmt.Errorf("a certificate was accepted for a composite n")
				}
				if r.FailedStep != nil {
					return fmt.Errorf("an accepted certificate names a failed step")
				}
			case core.Rejected:
				if r.FailedStep != nil && (*r.FailedStep < 0 || *r.FailedStep >= max(1, len(q.Certificate), len(q.ECPP))) {
					return fmt.Errorf("failed step %d out of range", *r.FailedStep)
				}
			default:
				return fmt.Errorf("verdict %q: a certificate check always concludes", r.Verdict)
			}
			return nil
		},
		Examples: []core.Example{
			// ECPP certificate from integer.check.primality's prover for
			// 10^30 + 57 (prime: PARI/GP 2.15 isprime); one step, m = k·q
			// with q = 1132601368104559 below ψ13.
			{Title: "10^30 + 57 by one ECPP step", Payload: json.RawMessage(`{"n":"1000000000000000000000000000057","ecpp":[{"n":"1000000000000000000000000000057","a":"502923976608187134502923976562","b":"9746588693957115009746588445","x":"3","y":"69689974493143799741602888130","m":"1000000000000000336020823214795","q":"1132601368104559"}]}`),
				Result: json.RawMessage(`{"verdict":"accepted","subject":{"n":"1000000000000000000000000000057","ecpp":[{"n":"1000000000000000000000000000057","a":"502923976608187134502923976562","b":"9746588693957115009746588445","x":"3","y":"69689974493143799741602888130","m":"1000000000000000336020823214795","q":"1132601368104559"}]},"reason":"every step verifies: n is prime"}`)},
			{Title: "tampered ECPP: y changed by 1 leaves the curve", Payload: json.RawMessage(`{"n":"1000000000000000000000000000057","ecpp":[{"n":"1000000000000000000000000000057","a":"502923976608187134502923976562","b":"9746588693957115009746588445","x":"3","y":"69689974493143799741602888131","m":"1000000000000000336020823214795","q":"1132601368104559"}]}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"n":"1000000000000000000000000000057","ecpp":[{"n":"1000000000000000000000000000057","a":"502923976608187134502923976562","b":"9746588693957115009746588445","x":"3","y":"69689974493143799741602888131","m":"1000000000000000336020823214795","q":"1132601368104559"}]},"reason":"step 0: the point is not on the curve","failed_step":0}`)},
			{Title: "97: 96 = 2^5·3, witness 5", Payload: json.RawMessage(`{"n":"97","certificate":[{"n":"97","factored_part":"96","cofactor":"1","criterion":"factored_part_above_square_root","factors":[{"prime":"2","exponent":5,"witness":"5","proof":"trial_division"},{"prime":"3","exponent":1,"witness":"5","proof":"trial_division"}]}]}`),
				Result: json.RawMessage(`{"verdict":"accepted","subject":{"n":"97","certificate":[{"n":"97","factored_part":"96","cofactor":"1","criterion":"factored_part_above_square_root","factors":[{"prime":"2","exponent":5,"witness":"5","proof":"trial_division"},{"prime":"3","exponent":1,"witness":"5","proof":"trial_division"}]}]},"reason":"every step verifies: n is prime"}`)},
			{Title: "tampered: 4 is no witness for 97 (4 = 2², a square)", Payload: json.RawMessage(`{"n":"97","certificate":[{"n":"97","factored_part":"96","cofactor":"1","criterion":"factored_part_above_square_root","factors":[{"prime":"2","exponent":5,"witness":"4","proof":"trial_division"},{"prime":"3","exponent":1,"witness":"5","proof":"trial_division"}]}]}`),
				Result: json.RawMessage(`{"verdict":"rejected","subject":{"n":"97","certificate":[{"n":"97","factored_part":"96","cofactor":"1","criterion":"factored_part_above_square_root","factors":[{"prime":"2","exponent":5,"witness":"4","proof":"trial_division"},{"prime":"3","exponent":1,"witness":"5","proof":"trial_division"}]}]},"reason":"step 0: gcd(4^((N−1)/2) − 1, N) ≠ 1","failed_step":0}`)},
		},
		Generate: func(ctx context.Context, rng *rand.Rand) CertificateRequest {
			// A certificate from the primality checker, tampered with
			// half the time; an ECPP one every third time.
			if rng.IntN(3) == 0 {
				for {
					p := randomPrime(rng, rng.IntN(60)+85)
					steps, err := newECPPProver(ctx).prove(p)
					if err != nil || steps == nil {
						continue
					}
					if rng.IntN(2) == 0 {
						s := &steps[rng.IntN(len(steps))]
						s.Y = core.Int(new(big.Int).Add(s.Y.Big(), big.NewInt(int64(rng.IntN(5)+1))))
					}
					return CertificateRequest{N: core.Int(p), ECPP: steps}
				}
			}
			for {
				p := randomPrime(rng, rng.IntN(60)+85)
				r, err := checkPrimality(ctx, p)
				if err != nil || r.Method != MethodPocklington {
					continue
				}
				c := r.Certificate
				if rng.IntN(2) == 0 {
					f := &c[0].Factors[rng.IntN(len(c[0].Factors))]
					f.Witness = core.Int(new(big.Int).Add(f.Witness.Big(), big.NewInt(int64(rng.IntN(5)+1))))
				}
				return CertificateRequest{N: core.Int(p), Certificate: c}
			}
		},
	}
}

// certificateOfSteps is count trivial steps for 7 (a bound test payload).
func certificateOfSteps(count int) string {
	step := `{"n":"7","factored_part":"6","cofactor":"1","criterion":"factored_part_above_square_root","factors":[{"prime":"2","exponent":1,"witness":"3","proof":"trial_division"},{"prime":"3","exponent":1,"witness":"3","proof":"trial_division"}]}`
	return certificatePayload("7", count, step)
}

// certificateOfPrimes spreads count listed primes over steps of at most
// MaxStepFactors each.
func certificateOfPrimes(count int) string {
	var steps []string
	for count > 0 {
		k := min(count, MaxStepFactors)
		count -= k
		fs := ""
		for i := range k {
			if i > 0 {
				fs += ","
			}
			fs += `{"prime":"2","exponent":1,"witness":"3","proof":"trial_division"}`
		}
		steps = append(steps, `{"n":"7","factored_part":"6","cofactor":"1","criterion":"factored_part_above_square_root","factors":[`+fs+`]}`)
	}
	out := `{"n":"7","certificate":[`
	for i, s := range steps {
		if i > 0 {
			out += ","
		}
		out += s
	}
	return out + `]}`
}

// ecppOfSteps is count copies of a step for 7 that fails at once (7 is
// below the ECPP range): a bound test payload.
func ecppOfSteps(count int) string {
	out := `{"n":"7","certificate":[],"ecpp":[`
	for i := range count {
		if i > 0 {
			out += ","
		}
		out += `{"n":"7","a":"1","b":"1","x":"0","y":"1","m":"3","q":"3"}`
	}
	return out + `]}`
}

func certificatePayload(n string, count int, step string) string {
	out := `{"n":"` + n + `","certificate":[`
	for i := range count {
		if i > 0 {
			out += ","
		}
		out += step
	}
	return out + `]}`
}

// checkCertificate turns verifyCertificateContext's (or verifyECPPContext's) answer into a verdict bound to the request;
// the error is the context's when it ended first.
func checkCertificate(ctx context.Context, q CertificateRequest) (CertificateResult, error) {
	r := CertificateResult{Bindings: core.Bind(q)}
	var err error
	switch {
	case len(q.ECPP) > 0 && len(q.Certificate) > 0:
		err = fmt.Errorf("give either Pocklington steps or ECPP steps, not both")
	case len(q.ECPP) > 0:
		err = verifyECPPContext(ctx, q.N.Big(), q.ECPP)
	default:
		err = verifyCertificateContext(ctx, q.N.Big(), q.Certificate)
	}
	if err == nil {
		r.Verdict, r.Reason = core.Accepted, "every step verifies: n is prime"
		return r, nil
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return CertificateResult{}, ctxErr
	}
	r.Verdict, r.Reason = core.Rejected, err.Error()
	var se *stepError
	if errors.As(err, &se) {
		r.FailedStep = &se.step
	}
	return r, nil
}
