package core

import (
	"container/list"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
)

// ValueRefPrefix starts every request-local value reference.
const ValueRefPrefix = "value://"

// valueRefBytes is the entropy of a reference: 24 random bytes, 32 base64url
// characters, so references cannot be guessed across sessions.
const valueRefBytes = 24

// Digest returns the content digest of a value's JSON encoding,
// "sha256:<hex>". The same value has the same digest inline, by reference
// and as an artifact, because all three carry the bytes Jacobian encoded.
func Digest(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// StoredValue is a value held by reference.
type StoredValue struct {
	Ref          string
	ArtifactType string
	Digest       string
	Data         json.RawMessage
}

// ValueStore is a runtime's bounded store of request-local values: least
// recently used entries are evicted once either the entry count or the total
// size passes its bound. Closing it invalidates every reference.
type ValueStore struct {
	mu         sync.Mutex
	maxEntries int
	maxBytes   int64
	bytes      int64
	order      *list.List // front: most recently used
	entries    map[string]*list.Element
	evicted    map[string]bool // recent evictions, to say "evicted" rather than "unknown"
	evictOrder []string
	closed     bool
}

// Value store defaults.
const (
	DefaultMaxValues     = 1024
	DefaultMaxValueBytes = 256 << 20
	rememberedEvictions  = 4096
)

// NewValueStore returns a store bounded by entry count and bytes (zero or
// negative bounds take the defaults).
func NewValueStore(maxEntries int, maxBytes int64) *ValueStore {
	if maxEntries <= 0 {
		maxEntries = DefaultMaxValues
	}
	if maxBytes <= 0 {
		maxBytes = DefaultMaxValueBytes
	}
	return &ValueStore{maxEntries: maxEntries, maxBytes: maxBytes, order: list.New(), entries: map[string]*list.Element{}, evicted: map[string]bool{}}
}

// Put stores data under a fresh reference. A value larger than the whole
// byte bound is refused.
func (s *ValueStore) Put(artifactType string, data []byte) (StoredValue, error) {
	if int64(len(data)) > s.maxBytes {
		return StoredValue{}, Refusef("a %d-byte value exceeds the value store's %d-byte bound", len(data), s.maxBytes)
	}
	var raw [valueRefBytes]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return StoredValue{}, err
	}
	v := StoredValue{
		Ref:          ValueRefPrefix + base64.RawURLEncoding.EncodeToString(raw[:]),
		ArtifactType: artifactType,
		Digest:       Digest(data),
		Data:         data,
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return StoredValue{}, &Error{Code: UnknownReference, Message: "the runtime is closed; its value store no longer accepts values"}
	}
	s.entries[v.Ref] = s.order.PushFront(v)
	s.bytes += int64(len(data))
	for s.order.Len() > s.maxEntries || s.bytes > s.maxBytes {
		s.evictOldest()
	}
	return v, nil
}

func (s *ValueStore) evictOldest() {
	e := s.order.Back()
	v := e.Value.(StoredValue)
	s.order.Remove(e)
	delete(s.entries, v.Ref)
	s.bytes -= int64(len(v.Data))
	s.evicted[v.Ref] = true
	s.evictOrder = append(s.evictOrder, v.Ref)
	if len(s.evictOrder) > rememberedEvictions {
		delete(s.evicted, s.evictOrder[0])
		s.evictOrder = s.evictOrder[1:]
	}
}

// Get resolves a reference. Malformed, evicted, unknown (foreign) and
// closed references fail with UNKNOWN_REFERENCE and say which.
func (s *ValueStore) Get(ref string) (StoredValue, error) {
	if err := checkValueRef(ref); err != nil {
		return StoredValue{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch e, ok := s.entries[ref]; {
	case s.closed:
		return StoredValue{}, &Error{Code: UnknownReference, Message: fmt.Sprintf("%s is no longer valid: its runtime (session) was closed", ref)}
	case ok:
		s.order.MoveToFront(e)
		return e.Value.(StoredValue), nil
	case s.evicted[ref]:
		return StoredValue{}, &Error{Code: UnknownReference, Message: fmt.Sprintf("%s was evicted from the bounded value store; run the producing operation again", ref)}
	}
	return StoredValue{}, &Error{Code: UnknownReference, Message: fmt.Sprintf("%s is unknown to this session: references are request-local and never cross sessions or CLI runs", ref)}
}

func checkValueRef(ref string) error {
	body, ok := strings.CutPrefix(ref, ValueRefPrefix)
	if !ok {
		return &Error{Code: UnknownReference, Message: fmt.Sprintf("%q is not a value reference: it must start with %q (a durable artifact is bound as %q)", clip(ref), ValueRefPrefix, ArtifactURIPrefix+"<hex>")}
	}
	if n := base64.RawURLEncoding.EncodedLen(valueRefBytes); len(body) != n {
		return &Error{Code: UnknownReference, Message: fmt.Sprintf("%q is malformed: a value reference has %d characters after %q, this one has %d", clip(ref), n, ValueRefPrefix, len(body))}
	}
	if _, err := base64.RawURLEncoding.DecodeString(body); err != nil {
		return &Error{Code: UnknownReference, Message: fmt.Sprintf("%q is malformed: only base64url characters (A-Z a-z 0-9 - _) may follow %q", clip(ref), ValueRefPrefix)}
	}
	return nil
}

// Close invalidates every reference and frees the values.
func (s *ValueStore) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed = true
	s.entries = map[string]*list.Element{}
	s.order.Init()
	s.bytes = 0
}

// Usage reports the entries and bytes held.
func (s *ValueStore) Usage() (entries int, bytes int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.order.Len(), s.bytes
}
