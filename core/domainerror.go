package core

import "fmt"

// DomainErrorAt reports a well-formed request outside the operation's
// domain because of the one field at path, a JSON pointer into the run
// request ("/payload/modulus", "/payload/matrix/2"): the failed outcome
// carries the path, so the caller knows what to change.
func DomainErrorAt(path, format string, args ...any) error {
	return &Error{Code: DomainError, Path: path, Message: fmt.Sprintf(format, args...)}
}

// PayloadPath returns the JSON pointer of a request field under /payload,
// from its reference tokens (each escaped as RFC 6901 asks):
// PayloadPath("matrix", 2) is "/payload/matrix/2".
func PayloadPath(tokens ...any) string {
	p := "/payload"
	for _, t := range tokens {
		p += "/" + PointerToken(fmt.Sprint(t))
	}
	return p
}
