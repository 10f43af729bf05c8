# Jacobian's server image: a static binary on a distroless base, run as an
# unprivileged user. Build from the repository root:
#   docker build -t jacobian .
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o /out/jacobian ./cli/cmd/jacobian

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/jacobian /usr/local/bin/jacobian
USER nonroot:nonroot
EXPOSE 8765
ENTRYPOINT ["/usr/local/bin/jacobian"]
# Every replica of a deployment names the same shared store, with
# --artifact-store (or JACOBIAN_ARTIFACT_STORE) and the backend's
# credentials in its environment.
CMD ["serve", "--http", "0.0.0.0:8765", "--allow-remote"]
