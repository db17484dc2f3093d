package dev.kavro.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kavro.test.specific.Account;
import dev.kavro.test.specific.Status;
import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.Oracle.Outcome;
import dev.kavro.testing.RandomData;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Specific records (generated from src/test/avro) read by Kavro against {@code SpecificDatumReader}, with the class's
 * own schema and with evolved writers, through both {@code KavroDatumReader.specific} and {@code create}.
 */
class SpecificReadTest {
  private static final int RECORDS = 200;

  @BeforeAll
  static void trustGeneratedClasses() {
    Models.trustTestSpecificRecords();
  }

  private static Schema writerVariant(String name) {
    try (InputStream in = SpecificReadTest.class.getResourceAsStream("specific/" + name)) {
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Object> randomData(Schema writer, long seed) {
    RandomData data = new RandomData(new Random(seed), Models.generic(false, false));
    List<Object> datums = new ArrayList<>();
    for (int i = 0; i < RECORDS; i++) {
      datums.add(data.next(writer));
    }
    return datums;
  }

  /** Reads every datum with Kavro (both factories, fastread on and off) and asserts agreement with the oracle. */
  private static List<Outcome> readAll(CompileMode mode, Schema writer, List<Object> data) {
    Oracle oracle = Oracle.specific(writer, Account.getClassSchema(), KavroImplementation.implementsCaseFallback());
    GenericData writerModel = Models.generic(false, false);
    List<byte[]> encoded = new ArrayList<>();
    List<Outcome> expected = new ArrayList<>();
    for (Object datum : data) {
      encoded.add(Oracle.encode(writer, writerModel, datum));
      expected.add(oracle.expect(encoded.get(encoded.size() - 1)));
    }
    List<KavroDatumReader<Account>> readers = List.of(
        KavroDatumReader.specific(writer, Account.class, mode),
        KavroDatumReader.create(writer, Account.getClassSchema(), Models.specific(true), mode),
        KavroDatumReader.create(writer, Account.getClassSchema(), Models.specific(false), mode));
    List<Outcome> results = new ArrayList<>();
    for (int r = 0; r < readers.size(); r++) {
      for (int i = 0; i < encoded.size(); i++) {
        Outcome actual = Oracle.read(readers.get(r), encoded.get(i), null);
        oracle.assertAgrees(expected.get(i), actual, "mode=" + mode + " reader #" + r + " datum #" + i + ": "
            + data.get(i) + "\nwriter: " + writer);
        if (r == 0) {
          results.add(actual);
        }
      }
      KavroImplementation.assertCompiledState(readers.get(r), mode);
    }
    return results;
  }

  private static Account account(Outcome outcome) {
    assertFalse(outcome.failed(), () -> "read failed: " + outcome.failure());
    return (Account) outcome.value();
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsClassSchemaLikeSpecificDatumReader(CompileMode mode) {
    Schema writer = Account.getClassSchema();
    List<Object> data = randomData(writer, 1);
    List<Outcome> outcomes = readAll(mode, writer, data);
    GenericData.Record first = (GenericData.Record) data.get(0);
    assertEquals(first.get("id"), account(outcomes.get(0)).getId());
    assertEquals(first.get("status").toString(), account(outcomes.get(0)).getStatus().name());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsEvolvedWriterLikeSpecificDatumReader(CompileMode mode) {
    Schema writer = writerVariant("account-v1.avsc");
    List<Object> data = randomData(writer, 2);
    data.add(0, Differential.datum(writer, """
        {"status": "LEGACY", "owner": "\\u00c3\\u00b1", "id": 2147483647, "legacyNotes": {"k": ["v"]}, "class": 3,
         "score": 16777217, "ratio": 0.1, "tags": ["t"], "counters": {"c": -1},
         "address": {"legacyCode": {"int": 5}, "zip": "28001", "street": "Gran Vía"},
         "hash": "abcd", "balance": "\\u0001", "opened": 1, "updatedAt": 2, "lastSeen": 3,
         "history": {"dev.kavro.test.specific.AccountEvent": {"at": 1, "what": "opened",
           "previous": {"dev.kavro.test.specific.AccountEvent": {"at": 0, "what": "created", "previous": null}}}},
         "payload": {"dev.kavro.test.specific.Status": "CLOSED"}}"""));
    Account account = account(readAll(mode, writer, data).get(0));
    assertEquals(Status.ACTIVE, account.getStatus(), "LEGACY is unknown to the reader: enum default");
    assertEquals("ñ", account.getOwner());
    assertEquals(2147483647L, account.getId());
    assertEquals((float) 16777217, account.getScore());
    assertEquals((double) 0.1f, account.getRatio());
    assertEquals(-1L, account.getCounters().get("c"));
    assertEquals("ES", account.getAddress().getCountry());
    assertEquals("28001", account.getAddress().getZip());
    assertNull(account.getEmail());
    assertEquals("created", account.getHistory().getPrevious().getWhat());
    assertEquals(Status.CLOSED, account.getPayload());
    assertEquals("", account.getNICKNAME());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void caseFallbackFillsUpperCaseSpecificField(CompileMode mode) {
    assumeTrue(KavroImplementation.implementsCaseFallback(), KavroImplementation.placeholderReason());
    Schema writer = writerVariant("account-v2-case.avsc");
    List<Object> data = randomData(writer, 3);
    List<Outcome> outcomes = readAll(mode, writer, data);
    for (int i = 0; i < data.size(); i++) {
      assertEquals(((GenericData.Record) data.get(i)).get("nickname").toString(),
          account(outcomes.get(i)).getNICKNAME());
    }
  }
}
