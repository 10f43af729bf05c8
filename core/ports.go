package core

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// assemble places the values bound to input ports into the payload, so the
// request is parsed once, whole. A binding for an undeclared port is
// UNKNOWN_FIELD, a field given both ways PORT_CONFLICT, and a stored value
// of a type the port does not take ARTIFACT_TYPE_MISMATCH.
func (rt *Runtime) assemble(ctx context.Context, d *Declaration, payload []byte, inputs map[string]Binding) ([]byte, error) {
	if len(inputs) == 0 {
		return payload, nil
	}
	if err := syntaxCheck(payload, "/payload"); err != nil {
		return nil, err
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(payload, &obj); err != nil || obj == nil {
		return nil, &Error{Code: InvalidPayload, Path: "/payload", Message: "the payload must be a JSON object"}
	}
	for _, name := range slices.Sorted(maps.Keys(inputs)) {
		path := "/inputs/" + name
		i := slices.IndexFunc(d.InputPorts, func(p Port) bool { return p.Name == name })
		if i < 0 {
			var names []string
			for _, p := range d.InputPorts {
				names = append(names, p.Name)
			}
			msg := fmt.Sprintf("%s has no input port %q", d.ID, name)
			if len(names) > 0 {
				msg += "; its input ports are " + quoteAll(names)
			} else {
				msg += "; it declares no input ports"
			}
			return nil, &Error{Code: UnknownField, Path: path, Message: msg}
		}
		port := d.InputPorts[i]
		if _, dup := obj[port.Field]; dup {
			return nil, &Error{Code: PortConflict, Path: "/payload/" + port.Field, Message: fmt.Sprintf("field %q is given in the payload and bound through input port %q; give it one way", port.Field, name)}
		}
		data, artifactType, err := rt.resolve(ctx, inputs[name].ValueRef)
		if err != nil {
			if e, ok := err.(*Error); ok && e.Path == "" {
				e.Path = path + "/value_ref"
			}
			return nil, err
		}
		if !slices.Contains(port.ArtifactTypes, artifactType) {
			return nil, &Error{Code: ArtifactTypeMismatch, Path: path, Message: fmt.Sprintf("the value bound to port %q is a %s; the port takes %s", name, artifactType, strings.Join(port.ArtifactTypes, " or "))}
		}
		obj[port.Field] = data
	}
	return json.Marshal(obj)
}

// resolve fetches a bound value by value:// reference or artifact:// URI.
func (rt *Runtime) resolve(ctx context.Context, ref string) ([]byte, string, error) {
	if strings.HasPrefix(ref, "artifact://") {
		if rt.opts.Artifacts == nil {
			return nil, "", &Error{Code: UnknownReference, Message: "this runtime has no artifact store, so artifact URIs cannot be bound"}
		}
		data, info, err := rt.opts.Artifacts.Get(ctx, ref)
		return data, info.ArtifactType, err
	}
	if rt.opts.Stateless {
		return nil, "", &Error{Code: UnknownReference, Message: fmt.Sprintf("%s cannot be bound: this server is stateless (serve --stateless), so every request stands alone and no value:// reference outlives it; bind an output's artifact:// URI instead, which any replica can read", clip(ref))}
	}
	v, err := rt.values.Get(ref)
	return v.Data, v.ArtifactType, err
}

// publish stores each output port's value by reference (an artifact too when
// it is larger than the inline limit), and moves a result larger than the
// inline limit into the artifact store.
func (rt *Runtime) publish(ctx context.Context, d *Declaration, out *Outcome) error {
	if len(d.OutputPorts) > 0 {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(out.Value, &obj); err != nil {
			return err
		}
		out.Outputs = map[string]Output{}
		for _, port := range d.OutputPorts {
			data, ok := obj[port.Field]
			if !ok {
				continue
			}
			artifactType := port.ArtifactTypes[0]
			o := Output{ArtifactType: artifactType, Digest: Digest(data), Size: len(data)}
			if !rt.opts.Stateless {
				v, err := rt.values.Put(artifactType, data)
				if err != nil {
					return err
				}
				o.ValueRef = v.Ref
			}
			if (len(data) > rt.opts.InlineLimit || rt.opts.Stateless) && rt.opts.Artifacts != nil {
				info, err := rt.opts.Artifacts.Put(ctx, artifactType, data)
				if err != nil {
					return err
				}
				o.ArtifactURI = info.URI
			}
			out.Outputs[port.Name] = o
		}
	}
	if len(out.Value) > rt.opts.InlineLimit && rt.opts.Artifacts != nil {
		info, err := rt.opts.Artifacts.Put(ctx, d.ID+".result", out.Value)
		if err != nil {
			return err
		}
		info.LastUsed = time.Time{}
		out.Artifact = &info
		out.Value = nil
	}
	return nil
}
