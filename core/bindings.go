package core

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"reflect"
)

// MaxInlineSubject is the largest canonical request, in bytes of JSON, that
// a verdict repeats as its subject; a larger one is named by its digest.
const MaxInlineSubject = 4 << 10

// Bindings say what a checker's verdict is about: the request it judged,
// repeated in canonical form as Subject when its JSON is at most
// MaxInlineSubject bytes, and otherwise named by SubjectDigest,
// "sha256:<hex>" of that canonical JSON (the same digest any surface
// computes for the same value). Exactly one of the two is set. The
// evidence (witnesses, certificates, offending entries) is the checker's
// own typed fields beside them.
//
// Every checker's result embeds Bindings[Req] of its own request type, next
// to CheckResult, and fills it with Bind; the declaration rules refuse a
// checker without it.
type Bindings[Req any] struct {
	Subject       *Req   `json:"subject,omitempty" jsonschema:"the request the verdict is about, in canonical form, when small"`
	SubjectDigest string `json:"subject_digest,omitempty" jsonschema:"sha256:<hex> of the canonical JSON of the request the verdict is about, when the request is too large to repeat"`
}

// Bind binds a verdict to req: req itself when its canonical JSON is
// small, its SHA-256 digest otherwise.
func Bind[Req any](req Req) Bindings[Req] {
	b, err := json.Marshal(req)
	if err != nil || len(b) > MaxInlineSubject {
		return Bindings[Req]{SubjectDigest: SubjectDigest(b)}
	}
	return Bindings[Req]{Subject: &req}
}

// SubjectDigest is "sha256:<hex>" of a canonical request's JSON.
func SubjectDigest(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// boundSubject is implemented by Bindings; the declaration rules use it to
// see that a checker's result is bound to the checker's own request type.
type boundSubject interface{ subjectType() reflect.Type }

func (Bindings[Req]) subjectType() reflect.Type { return reflect.TypeFor[Req]() }
