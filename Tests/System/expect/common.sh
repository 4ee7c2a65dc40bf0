# Helpers shared by the expectation files. An expect_<scenario> function gets
#   $1 = the reader's output (reader.out), $2 = the scenario folder, which also holds
#   devices.N ("<devnode> <kind> <name>" per device, one file per plug-in phase),
#   driver.log / evemu-*.out, reader.err.
# It succeeds silently, or prints why it failed and returns non-zero.

# node_of DIR PHASE [INDEX] -> sysname (eventN) of the INDEX-th (1-based) device of PHASE
node_of() { awk -v i="${3:-1}" 'NR == i { n = $1; sub(".*/", "", n); print n }' "$1/devices.$2"; }

fail() { echo "$*"; return 1; }
