# zugbot: a static binary (the SQLite driver is pure Go) in a small image
# that runs as a non-root user and keeps its database on a volume.
#   docker build -t zugbot .
#   docker run -d --name zugbot --env-file deploy/zugbot.env -v zugbot-data:/data zugbot
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/zugbot ./cmd/zugbot \
 && mkdir -p /out/data

# distroless/static has CA certificates and time zones, no shell, and a
# "nonroot" user (uid 65532).
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/zugbot /usr/local/bin/zugbot
COPY --from=build --chown=65532:65532 /out/data /data
ENV ZUGBOT_DB=/data/zugbot.db
VOLUME ["/data"]
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/zugbot"]
CMD ["run"]
