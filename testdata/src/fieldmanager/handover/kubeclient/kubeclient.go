// Package kubeclient wraps the controller-runtime client in a type of its
// own, unexported, made by an exported constructor and handed out as an
// interface, as mongodb-kubernetes-operator's kube/client does: no other
// package can set the embedded client, so the constructor's parameter is
// what it holds, and the constructor's fact names the writes.
package kubeclient

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Client interface {
	client.Client
	UpdateSecret(ctx context.Context, s corev1.Secret) error
}

func NewClient(c client.Client) Client { // want NewClient:`^writes through its client parameters: param 0: 1 writes \(Update of \*corev1\.Secret at kubeclient\.go:29\)$`
	return kclient{Client: c}
}

type kclient struct {
	client.Client // want Client:`^writes through the field: 1 \(Update of \*corev1\.Secret at kubeclient\.go:29\)$`
}

func (c kclient) UpdateSecret(ctx context.Context, s corev1.Secret) error {
	return c.Update(ctx, &s)
}

// NewMocked wraps a fake, as the operator's mocked_manager.go does in a
// production file: what the package's own calls of NewClient hand it
// (a client the pass cannot decide) says nothing of what other packages
// hand it.
func NewMocked() Client { return NewClient(newFake()) }

var newFake func() client.Client

// Wrap hands its own parameter on to NewClient: its fact names the writes
// too.
func Wrap(c client.Client) Client { return NewClient(c) } // want Wrap:`^writes through its client parameters: param 0: 1 writes`
