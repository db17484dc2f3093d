package dev.kavro.codegen;

import static dev.kavro.codegen.WriterFixtures.encode;
import static dev.kavro.codegen.WriterFixtures.load;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.CompileMode;
import dev.kavro.test.specific.Color;
import dev.kavro.test.specific.Event;
import dev.kavro.test.specific.Kind;
import dev.kavro.test.specific.Md5;
import dev.kavro.test.specific.Owner;
import dev.kavro.test.specific.User;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.util.RandomData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Compiled writers (and the fallback) write byte for byte what vanilla Avro writes. */
class CompiledWriterTest {
  private static final GenericData WITH_CONVERSIONS = conversions();

  static List<Arguments> benchSchemas() {
    List<Arguments> args = new ArrayList<>();
    for (String name : List.of("user80", "organization", "unionHeavy", "ksql-metrics", "ksql-impressions")) {
      for (CompileMode mode : List.of(CompileMode.COMPILED, CompileMode.FALLBACK)) {
        args.add(Arguments.of(name, mode));
      }
    }
    return args;
  }

  @ParameterizedTest
  @MethodSource("benchSchemas")
  void writesBenchSchemasLikeGenericDatumWriter(String name, CompileMode mode) throws IOException {
    Schema schema = load("/schemas/" + name + ".avsc");
    assertSameBytes(schema, GenericData.get(), mode, new RandomData(schema, 50, 42L));
    assertSameBytes(schema, GenericData.get(), mode, new RandomData(schema, 20, 7L, true));
  }

  @ParameterizedTest
  @EnumSource(value = CompileMode.class, names = {"COMPILED", "FALLBACK"})
  void writesEveryTypeIncludingRecursiveRecordsAndRichUnions(CompileMode mode) throws IOException {
    Schema schema = load("/writer/everything.avsc");
    assertSameBytes(schema, GenericData.get(), mode, new RandomData(schema, 200, 11L));
    assertSameBytes(schema, GenericData.get(), mode, new RandomData(schema, 50, 12L, true));
  }

  @ParameterizedTest
  @EnumSource(value = CompileMode.class, names = {"COMPILED", "FALLBACK"})
  void convertsLogicalTypesWithTheModelsConversions(CompileMode mode) throws IOException {
    Schema schema = load("/writer/logical.avsc");
    Random random = new Random(5);
    List<Object> data = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      data.add(timesRecord(schema, random));
    }
    assertSameBytes(schema, WITH_CONVERSIONS, mode, data);
  }

  @Test
  void writesRawValuesOfLogicalTypesWithAndWithoutConversions() throws IOException {
    Schema schema = load("/writer/logical.avsc");
    // Raw values have no conversion for their class, so both models write them as they are.
    assertSameBytes(schema, GenericData.get(), CompileMode.COMPILED, new RandomData(schema, 50, 3L));
    assertSameBytes(schema, WITH_CONVERSIONS, CompileMode.COMPILED, new RandomData(schema, 50, 3L));
  }

  @ParameterizedTest
  @EnumSource(value = CompileMode.class, names = {"COMPILED", "FALLBACK"})
  void writesSpecificRecordsLikeSpecificDatumWriter(CompileMode mode) throws IOException {
    Random random = new Random(13);
    List<Object> users = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      users.add(user(random));
    }
    assertSameBytes(User.getClassSchema(), SpecificData.getForClass(User.class), mode, users);
    List<Object> events = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      events.add(event(random));
    }
    assertSameBytes(Event.getClassSchema(), SpecificData.getForClass(Event.class), mode, events);
  }

  @Test
  void specificWriterUsesCustomCodersWhenTheModelAsksForThem() throws IOException {
    SpecificData model = new SpecificData(User.class.getClassLoader());
    model.setCustomCoders(true);
    List<Object> users = List.of(
        User.newBuilder().setName("ada").setAge(36).setEmail(null).setTags(List.of("x", "y")).setColor(Color.BLUE)
            .build(),
        User.newBuilder().setName("bob").setAge(-1).setEmail("b@example.com").setTags(List.of()).setColor(Color.RED)
            .build());
    assertSameBytes(User.getClassSchema(), model, CompileMode.COMPILED, users);
  }

  @Test
  void compiledModeCompilesAtOnceAndFallbackModeNever() {
    Schema schema = User.getClassSchema();
    assertTrue(KavroDatumWriter.create(schema, GenericData.get(), CompileMode.COMPILED).isCompiled());
    KavroDatumWriter<Object> fallback = KavroDatumWriter.create(schema, GenericData.get(), CompileMode.FALLBACK);
    assertFalse(fallback.isCompiled());
    assertFalse(fallback.awaitCompiled(java.time.Duration.ofMillis(1)));
  }

  @Test
  void setSchemaSwitchesToTheNewSchema() throws IOException {
    Schema user80 = load("/schemas/user80.avsc");
    Schema organization = load("/schemas/organization.avsc");
    KavroDatumWriter<Object> kavro = KavroDatumWriter.create(user80, GenericData.get(), CompileMode.COMPILED);
    kavro.setSchema(organization);
    assertTrue(kavro.isCompiled());
    for (Object datum : new RandomData(organization, 10, 1L)) {
      assertArrayEquals(encode(new GenericDatumWriter<>(organization), datum), encode(kavro, datum));
    }
  }

  static void assertSameBytes(Schema schema, GenericData model, CompileMode mode, Iterable<Object> data)
      throws IOException {
    KavroDatumWriter<Object> kavro = KavroDatumWriter.create(schema, model, mode);
    assertEquals(mode == CompileMode.COMPILED, kavro.isCompiled());
    DatumWriter<Object> vanilla = model instanceof SpecificData specific
        ? new SpecificDatumWriter<>(schema, specific)
        : new GenericDatumWriter<>(schema, model);
    int count = 0;
    for (Object datum : data) {
      assertArrayEquals(encode(vanilla, datum), encode(kavro, datum), "datum " + count + ": " + datum);
      count++;
    }
    assertTrue(count > 0);
  }

  private static GenericData conversions() {
    GenericData model = new GenericData();
    model.addLogicalTypeConversion(new Conversions.DecimalConversion());
    model.addLogicalTypeConversion(new Conversions.UUIDConversion());
    model.addLogicalTypeConversion(new TimeConversions.DateConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimeMillisConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimeMicrosConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimestampMicrosConversion());
    model.addLogicalTypeConversion(new TimeConversions.LocalTimestampMillisConversion());
    return model;
  }

  private static GenericData.Record timesRecord(Schema schema, Random random) {
    GenericData.Record r = new GenericData.Record(schema);
    r.put("date", LocalDate.ofEpochDay(random.nextInt(100_000) - 50_000));
    r.put("timeMillis", LocalTime.ofNanoOfDay(random.nextInt(86_400_000) * 1_000_000L));
    r.put("timeMicros", LocalTime.ofNanoOfDay(Math.floorMod(random.nextLong(), 86_400_000_000L) * 1000));
    r.put("tsMillis", Instant.ofEpochMilli(random.nextLong() >> 20));
    r.put("tsMicros", Instant.ofEpochSecond(random.nextInt(), random.nextInt(1_000_000) * 1000L));
    r.put("localTsMillis", LocalDateTime.ofEpochSecond(random.nextInt(), random.nextInt(1000) * 1_000_000,
        ZoneOffset.UTC));
    BigInteger unscaled = new BigInteger(64, random);
    r.put("dec", new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), 4));
    r.put("decFixed", new BigDecimal(BigInteger.valueOf(random.nextLong() >> 8), 2));
    r.put("id", new UUID(random.nextLong(), random.nextLong()));
    r.put("optDate", random.nextBoolean() ? null : LocalDate.ofEpochDay(random.nextInt(1000)));
    r.put("either", switch (random.nextInt(4)) {
      case 0 -> null;
      case 1 -> LocalDate.ofEpochDay(random.nextInt(1000));
      case 2 -> Instant.ofEpochMilli(random.nextInt());
      default -> random.nextInt(); // a raw int: no conversion for Integer, so the int branch as it is
    });
    List<Object> stamps = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      stamps.add(Instant.ofEpochMilli(random.nextLong() >> 24));
    }
    r.put("stamps", stamps);
    Map<String, Object> amounts = new HashMap<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      amounts.put("k" + i, BigDecimal.valueOf(random.nextInt(1_000_000), 1));
    }
    r.put("amounts", amounts);
    return r;
  }

  private static User user(Random random) {
    List<String> tags = new ArrayList<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      tags.add("t" + random.nextInt(50));
    }
    return User.newBuilder().setName("user" + random.nextInt()).setAge(random.nextInt())
        .setEmail(random.nextBoolean() ? null : "u" + random.nextInt(99) + "@example.com").setTags(tags)
        .setColor(Color.values()[random.nextInt(3)]).build();
  }

  private static Event event(Random random) {
    Owner owner = new Owner("owner" + random.nextInt(100), random.nextBoolean() ? Kind.PERSON : Kind.TEAM);
    byte[] md5 = new byte[16];
    random.nextBytes(md5);
    Map<String, String> attrs = new HashMap<>();
    for (int i = random.nextInt(3); i > 0; i--) {
      attrs.put("a" + i, "v" + random.nextInt());
    }
    Object payload = switch (random.nextInt(4)) {
      case 0 -> null;
      case 1 -> ByteBuffer.wrap(md5);
      case 2 -> owner;
      default -> Kind.TEAM;
    };
    return Event.newBuilder()
        .setDay(LocalDate.ofEpochDay(random.nextInt(30_000)))
        .setAt(Instant.ofEpochMilli(random.nextLong() >> 22))
        .setMaybeAt(random.nextBoolean() ? null : Instant.ofEpochMilli(random.nextInt()))
        .setOwner(owner)
        .setHash(new Md5(md5))
        .setAttrs(attrs)
        .setHistory(List.of(owner, owner))
        .setPayload(payload)
        .setAmount(new java.math.BigDecimal(BigInteger.valueOf(random.nextInt()), 2))
        .build();
  }
}
