package dev.kavro.bench.demo;

/**
 * One piece of work done two ways on the same records of a case: Kavro's way, and the way a user does it today. The
 * demo times the two in {@link AlternatingRounds}; {@link InMemoryPaths#of} lists the pairs it runs.
 */
interface PathPair {
  /** The path's name in the demo's table, such as {@code Connect toConnectData}. */
  String name();

  /** What the peer is, in one sentence, printed under the table. */
  String peerDescription();

  /** Kavro's way, on record {@code i}. */
  Object kavro(int i) throws Exception;

  /** The peer's way, on record {@code i}. */
  Object peer(int i) throws Exception;

  /** Whether both ways give equal results on record {@code i}: the demo refuses to time a pair that disagrees. */
  boolean sameResult(int i) throws Exception;
}
