package integer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/google/jsonschema-go/jsonschema"
	"jacobian.dev/core"
	"jacobian.dev/core/factor"
	"jacobian.dev/core/primality"
)

// PrimalityRequest asks whether n is prime.
type PrimalityRequest struct {
	N core.Integer `json:"n"`
}

// PrimalityResult is the verdict with its evidence. Exactly the evidence of
// the method is present: a factor, a Miller–Rabin witness, the
// deterministic bases, or a Pocklington certificate (steps largest number
// first; each prime proven "pocklington" has its own later step).
type PrimalityResult struct {
	core.CheckResult
	core.Bindings[PrimalityRequest]
	Method      PrimalityMethod   `json:"method"`
	Reason      string            `json:"reason" jsonschema:"the verdict in words"`
	Factor      *core.Integer     `json:"factor,omitempty" jsonschema:"a nontrivial factor of n (method factor)"`
	Witness     *core.Integer     `json:"witness,omitempty" jsonschema:"a base to which n is not a strong probable prime (method miller_rabin_witness)"`
	Bases       []core.Integer    `json:"bases,omitempty" jsonschema:"the Miller–Rabin bases n passes (method deterministic_miller_rabin)"`
	Certificate []PocklingtonStep `json:"certificate,omitempty" jsonschema:"Pocklington certificate steps, n first; each prime proven by pocklington has its own later step (method pocklington)"`
	ECPP        []ECPPStep        `json:"ecpp,omitempty" jsonschema:"elliptic curve certificate steps, n first; each step's q is the next step's n, the last q is below 3.3e24 (method ecpp)"`
}

// PrimalityMethod names how the verdict was reached.
type PrimalityMethod string

// The primality methods.
const (
	MethodBelowTwo        PrimalityMethod = "below_two"
	MethodTrialDivision   PrimalityMethod = "trial_division"
	MethodFactor          PrimalityMethod = "factor"
	MethodWitness         PrimalityMethod = "miller_rabin_witness"
	MethodDeterministicMR PrimalityMethod = "deterministic_miller_rabin"
	MethodPocklington     PrimalityMethod = "pocklington"
	MethodECPP            PrimalityMethod = "ecpp"
	MethodProbablePrime   PrimalityMethod = "probable_prime"
	MethodUnwitnessed     PrimalityMethod = "unwitnessed_composite"
)

// JSONSchema restricts the methods.
func (PrimalityMethod) JSONSchema() *jsonschema.Schema {
	return core.Enum("how the verdict was reached",
		string(MethodBelowTwo), string(MethodTrialDivision), string(MethodFactor), string(MethodWitness),
		string(MethodDeterministicMR), string(MethodPocklington), string(MethodECPP), string(MethodProbablePrime), string(MethodUnwitnessed))
}

// MaxPrimalityBits bounds n for the primality checker.
const MaxPrimalityBits = 2048

// maxWitnessSearch bounds the bases searched for a Miller–Rabin witness
// when Baillie–PSW's Lucas half alone showed n composite. At least 3/4 of
// all bases are witnesses for an odd composite (Rabin 1980), so a search
// this long failing is practically impossible.
const maxWitnessSearch = 1000

// primalityOperation decides primality with proof. Accepted verdicts are
// proofs: trial division below 2^28; Miller–Rabin to the bases 2..41 below
// ψ13 ≈ 3.3·10^24 (Sorenson and Webster, Math. Comp. 86 (2017)); above it a
// Pocklington–Lehmer certificate (Brillhart, Lehmer and Selfridge 1975,
// Theorem 4; see pocklington.go) when n − 1 factors far enough within the
// budget (trial division, p − 1, rho, ECM and, for cofactors of 24 to
// about 45 digits, the quadratic sieve from core/factor, so a cofactor of
// n − 1 with factors of up to about 17 digits, or a composite cofactor of
// up to about 45 digits whatever its factors, is split; above 200 bits
// only a short try), and otherwise an Atkin–Morain ECPP certificate (a
// chain of curves, points and orders; see ecpp.go), found for every
// prime in practice (on two cores about 0.05 s at 256 bits, 0.3–0.6 s
// at 512 and 4–5 s at 1000; a 2048-bit prime takes minutes, so the
// runtime's deadline may end it first with TIMEOUT). Either certificate
// can be re-verified without trusting this producer by
// integer.check.primality_certificate. Rejected verdicts carry a nontrivial factor or a Miller–Rabin
// witness base. A number that passes Baillie–PSW but gets no certificate is
// a non_conclusion with method probable_prime; n < 2 is rejected (not
// prime).
func primalityOperation() core.Operation[PrimalityRequest, PrimalityResult] {
	return core.Operation[PrimalityRequest, PrimalityResult]{
		ID:         "integer.check.primality",
		Title:      "Primality proof",
		Summary:    "Checks whether an integer is prime, accepting only with a proof (deterministic Miller–Rabin, a Pocklington certificate or an elliptic curve ECPP certificate) and rejecting with a factor or a Miller–Rabin witness.",
		Keywords:   []string{"is prime", "is this number prime", "isprime", "primality test", "primality proof", "prime certificate", "pocklington", "ecpp", "elliptic curve primality", "atkin morain", "miller rabin", "composite", "witness"},
		Kind:       core.Check,
		Effect:     core.Pure,
		InputKinds: []string{"integer"},
		Limits: []core.Limit{{
			Name: "bits", Max: MaxPrimalityBits, Unit: "bits",
			Description: "|n| has at most this many bits",
			Beyond: func() string {
				return fmt.Sprintf(`{"n":"%s"}`, new(big.Int).Lsh(big.NewInt(1), MaxPrimalityBits))
			},
			At: func() string {
				return fmt.Sprintf(`{"n":"-%s"}`, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), MaxPrimalityBits), big.NewInt(1)))
			},
		}},
		Preflight: func(ctx context.Context, q PrimalityRequest) error {
			if b := q.N.Big().BitLen(); b > MaxPrimalityBits {
				return core.Refusef("n has %d bits; at most %d are allowed", b, MaxPrimalityBits)
			}
			return nil
		},
		Run: func(ctx context.Context, q PrimalityRequest) (PrimalityResult, error) {
			return checkPrimality(ctx, q.N.Big())
		},
		RefusalExamples: func() []core.RefusalExample {
			return []core.RefusalExample{{Title: "a JSON number", Payload: `{"n":97}`, Code: core.InvalidPayload, Path: "/payload/n"}}
		},
		Postcondition: verifyPrimality,
		Examples: []core.Example{
			{Title: "97 is prime", Payload: json.RawMessage(`{"n":"97"}`), Result: json.RawMessage(`{"verdict":"accepted","subject":{"n":"97"},"method":"trial_division","reason":"no prime up to √n divides n"}`)},
			{Title: "1 is not prime", Payload: json.RawMessage(`{"n":"1"}`), Result: json.RawMessage(`{"verdict":"rejected","subject":{"n":"1"},"method":"below_two","reason":"primes are integers ≥ 2; 1 is not"}`)},
			{Title: "Carmichael number 561", Payload: json.RawMessage(`{"n":"561"}`), Result: json.RawMessage(`{"verdict":"rejected","subject":{"n":"561"},"method":"factor","reason":"the factor divides n","factor":"3"}`)},
			{Title: "1000003 · 1000033", Payload: json.RawMessage(`{"n":"1000036000099"}`), Result: json.RawMessage(`{"verdict":"rejected","subject":{"n":"1000036000099"},"method":"miller_rabin_witness","reason":"n is not a strong probable prime to the witness base","witness":"2"}`)},
			{Title: "10^24 + 7 is prime", Payload: json.RawMessage(`{"n":"1000000000000000000000007"}`), Result: json.RawMessage(`{"verdict":"accepted","subject":{"n":"1000000000000000000000007"},"method":"deterministic_miller_rabin","reason":"n is below 3317044064679887385961981 and a strong probable prime to all thirteen bases","bases":["2","3","5","7","11","13","17","19","23","29","31","37","41"]}`)},
			// ψ13 = 3317044064679887385961981 is the least strong pseudoprime
			// to all prime bases up to 41 (Sorenson and Webster 2017); its
			// least witness is 22 (Python 3: the strong test by pow(), bases
			// 2..49 give witnesses 22, 38, 43, 47).
			{Title: "ψ13, the least strong pseudoprime to the bases 2..41", Payload: json.RawMessage(`{"n":"3317044064679887385961981"}`), Result: json.RawMessage(`{"verdict":"rejected","subject":{"n":"3317044064679887385961981"},"method":"miller_rabin_witness","reason":"n is not a strong probable prime to the witness base","witness":"22"}`)},
			{Title: "Mersenne prime 2^89 − 1", Payload: json.RawMessage(`{"n":"618970019642690137449562111"}`), Result: mersenne89Certificate},
		},
		// A 2048-bit prime whose n − 1 does not factor far enough: the
		// Pocklington search spends its budget, then ECPP takes minutes,
		// unless cancelled.
		Slow: func() string {
			return fmt.Sprintf(`{"n":"%v"}`, slowPrime())
		},
		Generate: func(ctx context.Context, rng *rand.Rand) PrimalityRequest {
			n := randomInt(rng, 160)
			if rng.IntN(2) == 0 {
				n = randomPrime(rng, rng.IntN(150)+2)
			}
			if rng.IntN(10) == 0 {
				n.Neg(n)
			}
			return PrimalityRequest{core.Int(n)}
		},
	}
}

// mersenne89Certificate proves 2^89 − 1 prime. PARI/GP 2.15:
// factor(2^89-2) = 2·3·5·17·23·89·353·397·683·2113·2931542417, and the
// primes through 2113 already multiply to F = 211141416905068830 with
// F^2 > 2^89 − 1 (checked in gp); the witnesses are the least bases that
// work, and verifyCertificate checks them on every run.
var mersenne89Certificate = json.RawMessage(`{"verdict":"accepted","subject":{"n":"618970019642690137449562111"},"method":"pocklington","reason":"Pocklington–Lehmer: every prime factor of n is ≡ 1 mod the factored part F of n − 1, and F is large enough for the step's criterion","certificate":[{"n":"618970019642690137449562111","factored_part":"211141416905068830","cofactor":"2931542417","criterion":"factored_part_above_square_root","factors":[{"prime":"2","exponent":1,"witness":"3","proof":"trial_division"},{"prime":"3","exponent":1,"witness":"3","proof":"trial_division"},{"prime":"5","exponent":1,"witness":"3","proof":"trial_division"},{"prime":"17","exponent":1,"witness":"3","proof":"trial_division"},{"prime":"23","exponent":1,"witness":"3","proof":"trial_division"},{"prime":"89","exponent":1,"witness":"2","proof":"trial_division"},{"prime":"353","exponent":1,"witness":"3","proof":"trial_division"},{"prime":"397","exponent":1,"witness":"3","proof":"trial_division"},{"prime":"683","exponent":1,"witness":"3","proof":"trial_division"},{"prime":"2113","exponent":1,"witness":"3","proof":"trial_division"}]}]}`)

// slowPrime is nextprime(2^2047 + 2^1024) = 2^2047 + 2^1024 + 365
// (PARI/GP 2.15).
func slowPrime() *big.Int {
	p := new(big.Int).Lsh(big.NewInt(1), 2047)
	p.Add(p, new(big.Int).Lsh(big.NewInt(1), 1024))
	return p.Add(p, big.NewInt(365))
}

// checkPrimality decides the primality of n and binds the verdict to n.
func checkPrimality(ctx context.Context, n *big.Int) (PrimalityResult, error) {
	r, err := decidePrimality(ctx, n)
	r.Bindings = core.Bind(PrimalityRequest{core.Int(n)})
	return r, err
}

// decidePrimality decides n and gathers the evidence.
func decidePrimality(ctx context.Context, n *big.Int) (PrimalityResult, error) {
	reject := func(m PrimalityMethod, reason string) PrimalityResult {
		return PrimalityResult{CheckResult: core.CheckResult{Verdict: core.Rejected}, Method: m, Reason: reason}
	}
	if n.Cmp(big.NewInt(2)) < 0 {
		return reject(MethodBelowTwo, fmt.Sprintf("primes are integers ≥ 2; %s is not", clipped(n))), nil
	}
	if d := factor.SmallestFactor(n); d != nil && d.Cmp(n) != 0 {
		r := reject(MethodFactor, "the factor divides n")
		r.Factor = intPtr(d)
		return r, nil
	}
	if n.Cmp(big.NewInt(factor.TrialBound*factor.TrialBound)) < 0 {
		return PrimalityResult{CheckResult: core.CheckResult{Verdict: core.Accepted}, Method: MethodTrialDivision, Reason: "no prime up to √n divides n"}, nil
	}
	witness := func(a *big.Int) PrimalityResult {
		r := reject(MethodWitness, "n is not a strong probable prime to the witness base")
		r.Witness = intPtr(a)
		return r
	}
	st, w := primality.Test(n)
	switch st {
	case primality.Prime:
		r := PrimalityResult{
			CheckResult: core.CheckResult{Verdict: core.Accepted}, Method: MethodDeterministicMR,
			Reason: fmt.Sprintf("n is below %v and a strong probable prime to all thirteen bases", primality.DeterministicBound),
		}
		for _, a := range primality.DeterministicBases {
			r.Bases = append(r.Bases, core.Int64(a))
		}
		return r, nil
	case primality.Composite:
		if w != nil {
			return witness(w), nil
		}
		for a := int64(2); a < maxWitnessSearch; a++ {
			if !strongProbablePrime(n, big.NewInt(a)) {
				return witness(big.NewInt(a)), nil
			}
		}
		return PrimalityResult{
			CheckResult: core.CheckResult{Verdict: core.Inconclusive}, Method: MethodUnwitnessed,
			Reason: fmt.Sprintf("the Lucas test shows n composite, but no Miller–Rabin witness below %d was found", maxWitnessSearch),
		}, nil
	}
	// Above pocklingtonFullBits a random n − 1 rarely factors far enough,
	// so Pocklington gets a short try before ECPP, which always applies.
	c := newCertifier(ctx, n)
	if n.BitLen() > pocklingtonFullBits {
		c = &certifier{ctx: ctx, f: factor.New(ctx, pocklingtonQuickBudget)}
	}
	cert, err := c.certify(n)
	var comp *composite
	switch {
	case errors.As(err, &comp) && comp.factor != nil:
		r := reject(MethodFactor, "the factor divides n")
		r.Factor = intPtr(comp.factor)
		return r, nil
	case errors.As(err, &comp):
		return witness(comp.witness), nil
	case err != nil:
		return PrimalityResult{}, err
	case cert == nil:
		steps, err := newECPPProver(ctx).prove(n)
		if err != nil {
			return PrimalityResult{}, err
		}
		if steps != nil {
			return PrimalityResult{
				CheckResult: core.CheckResult{Verdict: core.Accepted}, Method: MethodECPP,
				Reason: "Atkin–Morain ECPP: each step's point P has [m]P = O and [m/q]P ≠ O with q > (N^(1/4) + 1)², and the last q is proven by deterministic Miller–Rabin", ECPP: steps,
			}, nil
		}
		return PrimalityResult{
			CheckResult: core.CheckResult{Verdict: core.Inconclusive}, Method: MethodProbablePrime,
			Reason: "n passes Baillie–PSW, but neither a Pocklington certificate within the budget nor an ECPP chain was found",
		}, nil
	}
	return PrimalityResult{
		CheckResult: core.CheckResult{Verdict: core.Accepted}, Method: MethodPocklington,
		Reason: "Pocklington–Lehmer: every prime factor of n is ≡ 1 mod the factored part F of n − 1, and F is large enough for the step's criterion", Certificate: cert,
	}, nil
}

// Pocklington before ECPP: up to pocklingtonFullBits with the whole
// certBudget (n − 1 may be smooth enough, and a certificate of a few
// steps is cheap to check), above it with pocklingtonQuickBudget.
const (
	pocklingtonFullBits    = 200
	pocklingtonQuickBudget = 1 << 12
)

func intPtr(x *big.Int) *core.Integer {
	v := core.Int(x)
	return &v
}

// verifyPrimality re-checks the evidence independently of how it was found.
func verifyPrimality(ctx context.Context, q PrimalityRequest, r PrimalityResult) error {
	n := q.N.Big()
	want := map[PrimalityMethod]core.Verdict{
		MethodBelowTwo: core.Rejected, MethodTrialDivision: core.Accepted, MethodFactor: core.Rejected,
		MethodWitness: core.Rejected, MethodDeterministicMR: core.Accepted, MethodPocklington: core.Accepted, MethodECPP: core.Accepted,
		MethodProbablePrime: core.Inconclusive, MethodUnwitnessed: core.Inconclusive,
	}
	if r.Subject == nil || r.Subject.N.Big().Cmp(n) != 0 {
		return fmt.Errorf("the verdict is not bound to n")
	}
	if v, ok := want[r.Method]; !ok || v != r.Verdict {
		return fmt.Errorf("method %q with verdict %q", r.Method, r.Verdict)
	}
	switch r.Method {
	case MethodBelowTwo:
		if n.Cmp(big.NewInt(2)) >= 0 {
			return fmt.Errorf("n ≥ 2 rejected as below two")
		}
	case MethodTrialDivision:
		if n.BitLen() > 28 || !trialDivisionPrime(n.Uint64()) {
			return fmt.Errorf("trial division does not show n prime")
		}
	case MethodFactor:
		d := r.Factor.Big()
		if d.Cmp(big.NewInt(1)) <= 0 || d.Cmp(n) >= 0 || new(big.Int).Rem(n, d).Sign() != 0 {
			return fmt.Errorf("%v is not a nontrivial factor of n", d)
		}
	case MethodWitness:
		a := r.Witness.Big()
		if n.Bit(0) == 0 || n.Cmp(big.NewInt(3)) <= 0 || strongProbablePrime(n, a) {
			return fmt.Errorf("%v is not a Miller–Rabin witness for n", a)
		}
	case MethodDeterministicMR:
		if n.Cmp(primality.DeterministicBound) >= 0 || len(r.Bases) != len(primality.DeterministicBases) {
			return fmt.Errorf("deterministic Miller–Rabin needs n < ψ13 and the thirteen bases")
		}
		for i, a := range r.Bases {
			if a.Big().Int64() != primality.DeterministicBases[i] || !strongProbablePrime(n, a.Big()) {
				return fmt.Errorf("base %v does not pass", a)
			}
		}
	case MethodPocklington:
		if err := verifyCertificate(n, r.Certificate); err != nil {
			return fmt.Errorf("certificate: %v", err)
		}
	case MethodECPP:
		if err := verifyECPPContext(ctx, n, r.ECPP); err != nil {
			return fmt.Errorf("ECPP certificate: %v", err)
		}
	case MethodProbablePrime:
		if n.Cmp(primality.DeterministicBound) < 0 || !n.ProbablyPrime(20) {
			return fmt.Errorf("n is not a probable prime above the deterministic range")
		}
	}
	return nil
}
