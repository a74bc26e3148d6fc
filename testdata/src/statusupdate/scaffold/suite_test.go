package scaffold

import (
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
