package dev.kavro.bench.demo;

import dev.kavro.bench.demo.AlternatingRounds.Engine;

/**
 * One piece of work done two ways on the same records of a case: Kavro's way, and the way a user does it today. The
 * demo times the two in {@link AlternatingRounds}; {@link InMemoryPaths#of} lists the pairs it runs.
 *
 * @param name the path's name in the demo's table, such as {@code Connect toConnectData}
 * @param peerDescription what the peer is, in one sentence, printed under the table
 * @param kavro Kavro's way, on record {@code i}
 * @param peer the peer's way, on record {@code i}
 * @param sameResult whether both ways give equal results on record {@code i}: the demo refuses to time a pair that
 *     disagrees
 */
record PathPair(String name, String peerDescription, Engine kavro, Engine peer, Check sameResult) {
  /** A check of one record. */
  interface Check {
    boolean test(int i) throws Exception;
  }
}
