// Package opts makes options in another package.
package opts

import "sigs.k8s.io/controller-runtime/pkg/client"

func Owner() client.CreateOption { return client.FieldOwner("x") }

type Custom struct{}

func (Custom) ApplyToCreate(o *client.CreateOptions) { o.FieldManager = "x" }
