// Package bench measures the engine's hand evaluators against other Go
// libraries, side by side on one fixed pseudo-random set of 2^20 deals.
//
// It is a module of its own so that the peer libraries never enter the
// product's dependencies. The peers are compiled only with the build tag
// "peers" (see peers_test.go), after fetching them into this module:
//
//	cd bench
//	go get github.com/paulhankin/poker/v2@latest github.com/chehsunliu/poker@latest github.com/cardrank/cardrank@latest
//	go test -tags peers -run '^$' -bench . -count 5
//
// Without the tag only the engine's own benchmarks run:
//
//	go test -run '^$' -bench . -count 5
package bench
