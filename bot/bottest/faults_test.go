package bottest

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// In an outage every call of the storage contract fails, reads and writes
// alike: a method the FaultStore does not wrap reaches the database the
// simulation says is unreachable, and a fault test passes for a write
// the room never had to survive. (FaultStore wraps nothing here: a call
// that gets through panics.)
func TestEveryStorageCallFailsInAnOutage(t *testing.T) {
	f := NewFaultStore(nil)
	f.SetDown(true)
	v := reflect.ValueOf(f)
	st := reflect.TypeOf((*bot.Storage)(nil)).Elem()
	ctxType := reflect.TypeOf((*context.Context)(nil)).Elem()
	for i := range st.NumMethod() {
		m := st.Method(i)
		t.Run(m.Name, func(t *testing.T) {
			fn := v.MethodByName(m.Name)
			args := make([]reflect.Value, fn.Type().NumIn())
			for k := range args {
				if in := fn.Type().In(k); in == ctxType {
					args[k] = reflect.ValueOf(context.Background())
				} else {
					args[k] = reflect.Zero(in)
				}
			}
			var out []reflect.Value
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("%s reaches the store in an outage", m.Name)
					}
				}()
				if fn.Type().IsVariadic() {
					out = fn.CallSlice(args)
				} else {
					out = fn.Call(args)
				}
			}()
			err, _ := out[len(out)-1].Interface().(error)
			if !errors.Is(err, ErrDown) {
				t.Fatalf("%s in an outage: %v, want ErrDown", m.Name, err)
			}
		})
	}
}
