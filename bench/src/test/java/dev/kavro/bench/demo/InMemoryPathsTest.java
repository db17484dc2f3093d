package dev.kavro.bench.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.bench.data.BenchCase;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class InMemoryPathsTest {
  @Test
  void everyPairAgreesWithItsPeerOnEveryRecord() throws Exception {
    BenchCase organization = BenchCase.load("organization");
    List<PathPair> pairs = InMemoryPaths.of(organization);
    assertEquals(List.of("Connect toConnectData", "Connect fromConnectData", "Flink decode to RowData"),
        pairs.stream().map(PathPair::name).toList());
    for (PathPair pair : pairs) {
      for (int i = 0; i < organization.distinct; i++) {
        assertTrue(pair.sameResult().test(i), pair.name() + " record " + i);
      }
    }
  }

  /** The records differ from each other, so agreeing on every record means the two ways compute the same thing. */
  @Test
  void differentRecordsGiveDifferentResults() throws Exception {
    BenchCase organization = BenchCase.load("organization");
    for (PathPair pair : InMemoryPaths.of(organization)) {
      Object kavroFirst = pair.kavro().apply(0);
      Object peerSecond = pair.peer().apply(1);
      assertFalse(kavroFirst instanceof byte[] a && peerSecond instanceof byte[] b ? Arrays.equals(a, b)
          : kavroFirst.equals(peerSecond), pair.name() + ": records 0 and 1 must differ");
    }
  }
}
