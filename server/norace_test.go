//go:build !race

package server

// raceDetector is set when the tests run under -race, which makes
// byte-heavy tests many times slower; they do less work then.
const raceDetector = false
