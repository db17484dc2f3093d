package dev.kavro.bench;

import com.jerolba.xbuffers.avro.Attribute;
import com.jerolba.xbuffers.avro.Organization;
import com.jerolba.xbuffers.avro.OrganizationType;
import dev.kavro.bench.data.BenchCase;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;

/**
 * The reference limit: what a person would write by hand for {@code organization.avsc}, straight from the decoder,
 * with no resolution and no per-field dispatch. Kavro's compiled reader aims to be at or above it. Generic and
 * specific flavours build exactly what Avro's readers build (Utf8 strings and {@code GenericData.Array} for generic,
 * Strings and the generated classes for specific), so results compare equal.
 */
abstract class HandWrittenOrganizationReader implements DatumReader<Object> {
  private static final String FULL_NAME = Organization.getClassSchema().getFullName();

  static boolean applies(BenchCase c) {
    return c.writer.getFullName().equals(FULL_NAME) && c.sameSchema();
  }

  static HandWrittenOrganizationReader forCase(BenchCase c) {
    return c.isSpecific() ? new Specific() : new Generic(c.reader);
  }

  @Override
  public void setSchema(Schema schema) {
    throw new UnsupportedOperationException("Reads organization.avsc only");
  }

  /** Into {@code GenericData.Record}s, as {@code GenericDatumReader} builds them. */
  static final class Generic extends HandWrittenOrganizationReader {
    private final Schema organization;
    private final Schema typeSchema;
    private final Schema arraySchema;
    private final Schema attribute;
    private final GenericData.EnumSymbol[] symbols;

    Generic(Schema organization) {
      this.organization = organization;
      this.typeSchema = organization.getField("organizationType").schema();
      this.arraySchema = organization.getField("attributes").schema();
      this.attribute = arraySchema.getElementType();
      this.symbols = typeSchema.getEnumSymbols().stream()
          .map(s -> new GenericData.EnumSymbol(typeSchema, s))
          .toArray(GenericData.EnumSymbol[]::new);
    }

    @Override
    public Object read(Object reuse, Decoder in) throws IOException {
      GenericData.Record org = new GenericData.Record(organization);
      org.put(0, in.readString(null));
      org.put(1, in.readString(null));
      org.put(2, symbols[in.readEnum()]);
      org.put(3, in.readString(null));
      long n = in.readArrayStart();
      GenericData.Array<Object> attributes = new GenericData.Array<>((int) n, arraySchema);
      while (n > 0) {
        for (long i = 0; i < n; i++) {
          GenericData.Record a = new GenericData.Record(attribute);
          a.put(0, in.readString(null));
          a.put(1, in.readInt());
          a.put(2, in.readInt());
          a.put(3, in.readInt());
          a.put(4, in.readDouble());
          a.put(5, in.readBoolean());
          attributes.add(a);
        }
        n = in.arrayNext();
      }
      org.put(4, attributes);
      return org;
    }
  }

  /** Into the generated {@code Organization} and {@code Attribute} classes. */
  static final class Specific extends HandWrittenOrganizationReader {
    private static final OrganizationType[] TYPES = OrganizationType.values();

    @Override
    public Object read(Object reuse, Decoder in) throws IOException {
      Organization org = new Organization();
      org.setName(in.readString());
      org.setCategory(in.readString());
      org.setOrganizationType(TYPES[in.readEnum()]);
      org.setCountry(in.readString());
      long n = in.readArrayStart();
      List<Attribute> attributes = new ArrayList<>((int) n);
      while (n > 0) {
        for (long i = 0; i < n; i++) {
          attributes.add(new Attribute(in.readString(), in.readInt(), in.readInt(), in.readInt(), in.readDouble(),
              in.readBoolean()));
        }
        n = in.arrayNext();
      }
      org.setAttributes(attributes);
      return org;
    }
  }
}
