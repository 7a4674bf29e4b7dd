heapband-format 2
tool: heapband 0.1
cmd: x
pid: 1
ppid: 1
time-unit: i
bands: quarter
band-count: 2
columns-budget: 1
column-width: 1
column-count: 1
end-time: 0
band 0 0 0
band 1 1 18446744073709551615
total 0 0 0 0
peak 0 0 0 0
exit 0 0
unknown-frees 0
end
