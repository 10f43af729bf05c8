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

// ValuePool bounds the values held by many stores together, the runtimes of
// every MCP session of a server, say: entries and bytes are counted across
// all of them, and once either bound is passed the least recently used
// value of any store is evicted first. So the bound is the process's, not
// each session's, and an idle session's values go before a busy one's.
// Held bytes also count against the process's MemoryBudget, once a runtime
// ties the pool to one: a value that does not fit evicts older ones, of
// any session, until it does.
type ValuePool struct {
	mu         sync.Mutex
	maxEntries int
	maxBytes   int64
	bytes      int64
	order      *list.List    // of *pooledValue; front: most recently used
	budget     *MemoryBudget // nil until countAgainst
}

type pooledValue struct {
	store *ValueStore
	value StoredValue
}

// ValueStore is a runtime's store of request-local values, bounded by its
// pool. Closing it invalidates every reference it issued and returns its
// values' room to the pool.
type ValueStore struct {
	pool *ValuePool
	// Guarded by pool.mu.
	entries    map[string]*list.Element
	bytes      int64
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

// NewValuePool returns a pool bounded by entry count and bytes (zero or
// negative bounds take the defaults).
func NewValuePool(maxEntries int, maxBytes int64) *ValuePool {
	if maxEntries <= 0 {
		maxEntries = DefaultMaxValues
	}
	if maxBytes <= 0 {
		maxBytes = DefaultMaxValueBytes
	}
	return &ValuePool{maxEntries: maxEntries, maxBytes: maxBytes, order: list.New()}
}

// countAgainst makes the pool's bytes count against b, unless it already
// counts against a budget.
func (p *ValuePool) countAgainst(b *MemoryBudget) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.budget == nil && b != nil {
		p.budget = b
		b.Force(p.bytes)
	}
}

// release returns n held bytes to the budget. The caller holds p.mu.
func (p *ValuePool) release(n int64) {
	p.bytes -= n
	if p.budget != nil {
		p.budget.Release(n)
	}
}

// NewStore returns an empty store drawing on the pool.
func (p *ValuePool) NewStore() *ValueStore {
	return &ValueStore{pool: p, entries: map[string]*list.Element{}, evicted: map[string]bool{}}
}

// Usage reports the entries and bytes held by every store of the pool.
func (p *ValuePool) Usage() (entries int, bytes int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.order.Len(), p.bytes
}

// NewValueStore returns a store with a pool of its own, bounded by entry
// count and bytes (zero or negative bounds take the defaults).
func NewValueStore(maxEntries int, maxBytes int64) *ValueStore {
	return NewValuePool(maxEntries, maxBytes).NewStore()
}

// Put stores data under a fresh reference. A value larger than the pool's
// whole byte bound is refused.
func (s *ValueStore) Put(artifactType string, data []byte) (StoredValue, error) {
	p := s.pool
	if int64(len(data)) > p.maxBytes {
		return StoredValue{}, Refusef("a %d-byte value exceeds the value store's %d-byte bound", len(data), p.maxBytes)
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
	p.mu.Lock()
	defer p.mu.Unlock()
	if s.closed {
		return StoredValue{}, &Error{Code: UnknownReference, Message: "the runtime is closed; its value store no longer accepts values"}
	}
	size := int64(len(data))
	if p.budget != nil {
		for !p.budget.Reserve(size) {
			// Refused without evicting anything when even evicting every
			// value would not make room.
			if p.order.Len() == 0 || size > p.budget.Free()+p.bytes {
				return StoredValue{}, Refusef("holding this %s value needs more than the %s the process's memory budget has free (of %s), counting every stored value it could evict; retry later, or publish the result as an artifact", sizeText(size), sizeText(p.budget.Free()), sizeText(p.budget.Limit()))
			}
			p.evictOldest()
		}
	}
	s.entries[v.Ref] = p.order.PushFront(&pooledValue{store: s, value: v})
	s.bytes += size
	p.bytes += size
	for p.order.Len() > p.maxEntries || p.bytes > p.maxBytes {
		p.evictOldest()
	}
	return v, nil
}

// evictOldest drops the pool's least recently used value, from whichever
// store holds it. The caller holds p.mu.
func (p *ValuePool) evictOldest() {
	e := p.order.Back()
	pv := e.Value.(*pooledValue)
	p.order.Remove(e)
	s, ref, size := pv.store, pv.value.Ref, int64(len(pv.value.Data))
	delete(s.entries, ref)
	s.bytes -= size
	p.release(size)
	s.evicted[ref] = true
	s.evictOrder = append(s.evictOrder, ref)
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
	s.pool.mu.Lock()
	defer s.pool.mu.Unlock()
	switch e, ok := s.entries[ref]; {
	case s.closed:
		return StoredValue{}, &Error{Code: UnknownReference, Message: fmt.Sprintf("%s is no longer valid: its runtime (session) was closed", ref)}
	case ok:
		s.pool.order.MoveToFront(e)
		return e.Value.(*pooledValue).value, nil
	case s.evicted[ref]:
		return StoredValue{}, &Error{Code: UnknownReference, Message: fmt.Sprintf("%s was evicted from the bounded value store (shared by every session, least recently used first); run the producing operation again", ref)}
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

// Close invalidates every reference and returns the values' room to the
// pool.
func (s *ValueStore) Close() {
	p := s.pool
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range s.entries {
		p.order.Remove(e)
	}
	p.release(s.bytes)
	s.closed = true
	s.entries = map[string]*list.Element{}
	s.bytes = 0
}

// Usage reports the entries and bytes this store holds.
func (s *ValueStore) Usage() (entries int, bytes int64) {
	s.pool.mu.Lock()
	defer s.pool.mu.Unlock()
	return len(s.entries), s.bytes
}
