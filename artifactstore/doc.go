// Package artifactstore opens Jacobian's durable artifact store by URL: the
// on-disk store of core, or a gocloud.dev/blob bucket (S3 and S3-compatible
// servers, Google Cloud Storage, Azure Blob Storage) that several replicas
// share.
package artifactstore
