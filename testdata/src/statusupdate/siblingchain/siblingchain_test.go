package siblingchain

import (
	"context"
	"testing"

	"statusupdate/api"
)

func TestWaitForPrerequisites(t *testing.T) {
	r := &R{}
	_ = r.waitForPrerequisites(context.Background(), &api.Widget{})
	_ = r.setReady(context.Background(), &api.Widget{}, true)
}
