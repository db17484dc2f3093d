package dev.kavro.flink.row;

import dev.kavro.runtime.ByteArrayDecoder;
import java.io.IOException;

/** Reads one value into Flink's internal data structures. Nodes are immutable and thread-safe. */
interface ReadNode {
  Object read(ByteArrayDecoder in) throws IOException;
}
