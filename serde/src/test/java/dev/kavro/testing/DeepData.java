package dev.kavro.testing;

import java.io.ByteArrayOutputStream;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.apache.avro.Schema;

/** Recursive schemas and the Avro bytes of their data nested to a given depth, for depth tests in every module. */
public final class DeepData {
  /** A linked list: each level is one record (and one union). */
  public static final Schema LIST = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Node\",\"namespace\":"
      + "\"deep\",\"fields\":[{\"name\":\"v\",\"type\":\"int\"},{\"name\":\"next\",\"type\":[\"null\",\"Node\"]}]}");
  /** A tree: each level is one record and one array. */
  public static final Schema TREE = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Tree\",\"namespace\":"
      + "\"deep\",\"fields\":[{\"name\":\"v\",\"type\":\"int\"},{\"name\":\"kids\",\"type\":{\"type\":\"array\","
      + "\"items\":\"Tree\"}}]}");

  private DeepData() {}

  /** A list of {@code records} records, values 1, 2, 3, ... */
  public static byte[] list(int records) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 1; i < records; i++) {
      writeVarint(out, i);
      out.write(2); // union branch 1: another node
    }
    writeVarint(out, records);
    out.write(0); // union branch 0: null
    return out.toByteArray();
  }

  /** A tree of {@code records} records, each the only child of the one above. */
  public static byte[] tree(int records) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 1; i < records; i++) {
      writeVarint(out, i);
      out.write(2); // a block of one child
    }
    writeVarint(out, records);
    out.write(0); // no children
    for (int i = 1; i < records; i++) {
      out.write(0); // end of each parent's array
    }
    return out.toByteArray();
  }

  private static void writeVarint(ByteArrayOutputStream out, int value) {
    long zigzag = ((long) value << 1) ^ (value >> 31);
    while ((zigzag & ~0x7FL) != 0) {
      out.write((int) ((zigzag & 0x7F) | 0x80));
      zigzag >>>= 7;
    }
    out.write((int) zigzag);
  }

  /** Runs {@code task} on a thread with {@code stackBytes} of stack and returns what it returns or throws. */
  public static <T> T onStack(long stackBytes, Callable<T> task) throws Exception {
    FutureTask<T> future = new FutureTask<>(task);
    Thread thread = new Thread(null, future, "deep-test", stackBytes);
    thread.start();
    try {
      return future.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw (Error) e.getCause();
    }
  }
}
