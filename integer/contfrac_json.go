package integer

// MarshalCompactJSON is MarshalJSON, whose buffer is made for the call and
// whose bytes are compact (keys, decimal strings and integers, no white
// space): the runtime publishes them without the compaction scan and the
// copy it gives other MarshalJSON results (core.CompactMarshaler), about
// 24,000 instructions and 10 kB on a period of 2,000 terms.
// TestSqrtContinuedFractionCompactJSON and the conformance suite's
// compact_results clause hold it to that.
func (r SqrtContinuedFractionResult) MarshalCompactJSON() ([]byte, error) { return r.MarshalJSON() }
