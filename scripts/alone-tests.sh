# Sourced by scripts/test-all.sh and scripts/test-postgres.sh.
# Files that measure response times, or flood one server with hundreds of clients, run on their
# own after the rest of their stage: beside other files on two cores their medians and their
# closing (200 clients' connections and pools) measure the neighbours, not the server.
ALONE=(server/test/enumerationTiming.test.ts server/test/captchaGuessing.test.ts)
ALONE_EXCLUDES=()
for file in "${ALONE[@]}"; do ALONE_EXCLUDES+=(--exclude "$file"); done
