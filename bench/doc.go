// Package bench measures the engine's hand evaluators against other Go
// libraries, side by side on one fixed pseudo-random set of 2^20 deals.
//
// It is a module of its own so that the peer libraries never enter the
// product's dependencies. The peers are compiled only with the build tag
// "peers" (see peers_test.go), against local copies of the libraries used
// through a go.work file kept outside the repository; README.md says how.
// The tagged build also has tests checking that every peer ranks the
// benchmarked deals exactly as the engine does.
//
// Without the tag only the engine's own benchmarks run (this is what CI
// runs):
//
//	go test -run '^$' -bench . -count 5
package bench
