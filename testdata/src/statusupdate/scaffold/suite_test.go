package scaffold

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// k8sClient is the envtest suite's client: made with client.New, it reads
// from the API server, not a cache.
var k8sClient client.Client

func setupSuite() {
	c, err := client.New(nil, client.Options{})
	if err != nil {
		panic(err)
	}
	k8sClient = c
}

// Package-level variables with values in test files (ginkgo's
// `var _ = Describe(...)`) are initialised by the test variant's init:
// the production analysis leaves them out.
var ctx = context.Background()

var _ = describe(func() {
	_ = &MemcachedReconciler{Client: k8sClient}
})

func describe(body func()) bool { body(); return true }
