# zugbot: a static binary (the SQLite driver is pure Go) in a small image
# that runs as a non-root user and keeps its database on a volume. Give the
# build its version and commit, which zugbot version and the start-up log
# print, and the image's labels carry:
#   docker build --build-arg VERSION=$(git describe --tags --always) --build-arg COMMIT=$(git rev-parse HEAD) -t zugbot .
#   docker run -d --name zugbot --env-file deploy/zugbot.env -v zugbot-data:/data zugbot
# Without them it says "dev (unknown commit)": the build context has no .git.
# The build runs on the builder's platform and cross-compiles, so
# docker buildx build --platform linux/arm64 needs no emulation. The
# release images are built by GoReleaser (.goreleaser.yaml) from the
# "release" stage, with the binaries it built.

# The binary, for the platform the image is for.
FROM --platform=$BUILDPLATFORM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
# The patched copy of discordgo that go.mod's replace names (its go.mod is
# enough to download the modules).
COPY third_party/discordgo/go.mod third_party/discordgo/
RUN go mod download
COPY . .
ARG TARGETOS TARGETARCH VERSION COMMIT
RUN CGO_ENABLED=0 GOOS=$TARGETOS GOARCH=$TARGETARCH go build -trimpath \
      -ldflags="-s -w -X main.version=${VERSION} -X main.commit=${COMMIT}" \
      -o /out/zugbot ./cmd/zugbot

# The database's directory, to be owned by the image's user.
FROM --platform=$BUILDPLATFORM golang:1.26-bookworm AS data
RUN mkdir -p /out/data

# What both images share. distroless/static has CA certificates and time
# zones, no shell, and a "nonroot" user (uid 65532).
FROM gcr.io/distroless/static-debian12:nonroot AS runtime
COPY --from=data --chown=65532:65532 /out/data /data
# zugbot's licence and the notices of what it carries (GoReleaser's
# context has them too: extra_files in .goreleaser.yaml).
COPY LICENSE THIRD_PARTY_NOTICES /usr/share/doc/zugbot/
ENV ZUGBOT_DB=/data/zugbot.db
VOLUME ["/data"]
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/zugbot"]
CMD ["run"]
ARG VERSION COMMIT
LABEL org.opencontainers.image.title="zugbot" \
      org.opencontainers.image.source="https://github.com/zugbot/zugbot" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${COMMIT}"

# GoReleaser's image: its build context holds the binary it built for each
# platform at linux/amd64/zugbot and linux/arm64/zugbot.
FROM runtime AS release
ARG TARGETPLATFORM
COPY $TARGETPLATFORM/zugbot /usr/local/bin/zugbot

# docker build's image (the last stage, the default target): built from
# this checkout.
FROM runtime
COPY --from=build /out/zugbot /usr/local/bin/zugbot
