package dev.kavro.codegen;

import java.util.function.Function;
import org.apache.avro.Schema;

/** The statement that skips one writer value in generated readers: primitives inline, the rest through Avro. */
final class SkipStatements {
  private SkipStatements() {}

  /**
   * @param schemaConstant names the generated constant holding a schema; asked only for complex types
   * @return the statement, or "" where nothing is on the wire (null)
   */
  public static String of(Schema writer, Function<Schema, String> schemaConstant) {
    return switch (writer.getType()) {
      case NULL -> "";
      case BOOLEAN -> "in.readBoolean();";
      case INT -> "in.readInt();";
      case LONG -> "in.readLong();";
      case FLOAT -> "in.readFloat();";
      case DOUBLE -> "in.readDouble();";
      case STRING -> "in.skipString();";
      case BYTES -> "in.skipBytes();";
      case FIXED -> "in.skipFixed(" + writer.getFixedSize() + ");";
      case ENUM -> "in.readEnum();";
      default -> "ReadSupport.skip(" + schemaConstant.apply(writer) + ", in);";
    };
  }
}
