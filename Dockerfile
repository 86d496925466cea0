# syntax=docker/dockerfile:1
# pokerroom: a static binary in a distroless image, running as non-root.
#
#   docker build -t pokerroom --build-arg VERSION=$(git describe --always) .
#   docker run -it --rm -v pokerroom-data:/data pokerroom
#
# .ci/run builds the binary with the exact "RUN CGO_ENABLED=0 go build" line
# below (no Docker engine runs in CI), so keep it on one line.

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/pokerroom .
# The data directory, owned by the distroless nonroot user (65532).
RUN mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/pokerroom /pokerroom
COPY --from=build --chown=65532:65532 /out/data /data
# The SQLite default (DATABASE_URL empty) is /data/pokerroom.db.
WORKDIR /data
VOLUME /data
ENV HTTP_ADDR=:8080
EXPOSE 8080
USER nonroot:nonroot
# distroless has no curl: the binary checks itself (GET /healthz on HTTP_ADDR).
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 CMD ["/pokerroom", "healthcheck"]
ENTRYPOINT ["/pokerroom"]
CMD ["run"]
