package dev.kavro.flink.sql;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The text constants of a class file: every UTF-8 entry of its constant pool (class names, descriptors, member names,
 * string literals) and, separately, the string literals. Enough to see what names a class refers to, without a
 * bytecode library.
 */
record ClassConstants(List<String> utf8, List<String> strings) {
  private static final int MAGIC = 0xCAFEBABE;

  /** Parses the constant pool of {@code classFile}. */
  static ClassConstants of(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != MAGIC) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort();
    in.readUnsignedShort();
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    int[] stringRefs = new int[count];
    int strings = 0;
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 8 -> stringRefs[strings++] = in.readUnsignedShort();
        case 7, 16, 19, 20 -> in.skipNBytes(2);
        case 15 -> in.skipNBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
        case 5, 6 -> {
          in.skipNBytes(8);
          i++;
        }
        default -> throw new IOException("unknown constant pool tag " + tag + " at entry " + i);
      }
    }
    List<String> allUtf8 = new ArrayList<>();
    for (String text : utf8) {
      if (text != null) {
        allUtf8.add(text);
      }
    }
    List<String> literals = new ArrayList<>(strings);
    for (int i = 0; i < strings; i++) {
      literals.add(utf8[stringRefs[i]]);
    }
    return new ClassConstants(allUtf8, literals);
  }
}
