package threadedtests

import (
	"context"
	"testing"

	"statusupdate/api"
)

func TestMarkReady(t *testing.T) {
	r := &R{}
	_ = r.markReady(context.Background(), &api.Widget{})
}
