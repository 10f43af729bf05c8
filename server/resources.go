package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"jacobian.dev/core"
)

const (
	catalogURI       = "capability://catalog"
	artifactTemplate = "artifact://sha256/{digest}"
)

// CatalogDocument is the capability://catalog resource: the complete
// installed inventory with the server that serves it.
type CatalogDocument struct {
	Server     string `json:"server"`
	Version    string `json:"version"`
	Count      int    `json:"count"`
	Operations any    `json:"operations"`
}

func (s *Server) addResources() {
	s.mcp.AddResource(&mcp.Resource{
		URI:         catalogURI,
		Name:        "catalog",
		Title:       "Installed exact-math operations",
		Description: "The complete inventory of installed operations as JSON: ID, title, kind, effect, input kinds, accepted and produced artifact types, ports, providing module and version, availability. Use math.find to search it and to read one operation's schemas.",
		MIMEType:    "application/json",
	}, s.readCatalog)
	s.mcp.AddResourceTemplate(&mcp.ResourceTemplate{
		URITemplate: artifactTemplate,
		Name:        "artifact",
		Title:       "Content-addressed artifact",
		Description: "A durable value stored by content: digest is the lowercase hex SHA-256 of its canonical JSON. math.run links results too large to inline as artifact URIs.",
		MIMEType:    "application/json",
	}, s.readArtifact)
}

func (s *Server) readCatalog(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	cat := s.runtimeFor(req.Session).Catalog()
	doc, err := json.MarshalIndent(CatalogDocument{Server: s.opts.Name, Version: s.opts.Version, Count: cat.Count, Operations: cat.Operations}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("encoding the catalog: %w", err)
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: catalogURI, MIMEType: "application/json", Text: string(doc)}}}, nil
}

// readArtifact serves a verified artifact from the runtime's store. A URI
// the store does not hold (or cannot verify), or a runtime without a store,
// gets the protocol's resource-not-found error.
func (s *Server) readArtifact(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	store := s.runtimeFor(req.Session).Artifacts()
	if store == nil {
		return nil, mcp.ResourceNotFoundError(uri)
	}
	data, info, err := store.Get(ctx, uri)
	var ce *core.Error
	if errors.As(err, &ce) && ce.Code == core.UnknownReference {
		s.log.Info("artifact not served", "uri", uri, "reason", ce.Message)
		return nil, mcp.ResourceNotFoundError(uri)
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", uri, err)
	}
	meta := mcp.Meta{"artifact_type": info.ArtifactType, "digest": info.Digest}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/json", Text: string(data), Meta: meta}}}, nil
}
