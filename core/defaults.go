package core

import "time"

// DefaultTimeout bounds each run of a runtime configured with no Timeout.
// Surfaces that offer a timeout (the CLI's --timeout) take their default
// from here.
const DefaultTimeout = 60 * time.Second
