package dev.kavro.registry;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Collects a response body as the chunks the client delivers, giving up past a limit so a broken server cannot
 * exhaust the heap. The chunks are never joined: Jackson reads them as one stream ({@link Chunks#stream()}), so a body
 * costs its own size once while it is parsed, not the three copies a growing buffer and a final array would make.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<BoundedBody.Chunks> {
  /** The body was larger than the limit; not worth retrying. */
  static final class TooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    TooLargeException(long limit) {
      super("response body larger than " + limit + " bytes");
    }

    TooLargeException(long size, OutOfMemoryError e) {
      super(size < 0 ? "the heap ran out while reading the response body"
          : "the heap ran out after " + size + " bytes of the response body", e);
    }
  }

  /** A complete body. */
  static final class Chunks {
    private final List<byte[]> chunks;

    Chunks(List<byte[]> chunks) {
      this.chunks = chunks;
    }

    /** The body as one stream over its chunks. */
    InputStream stream() {
      List<InputStream> streams = new ArrayList<>(chunks.size());
      for (byte[] chunk : chunks) {
        streams.add(new ByteArrayInputStream(chunk));
      }
      return new SequenceInputStream(Collections.enumeration(streams));
    }

    /** Up to {@code max} bytes from the start of the body as text, for error messages. */
    String head(int max) {
      StringBuilder text = new StringBuilder();
      int left = max;
      for (byte[] chunk : chunks) {
        if (left <= 0) {
          break;
        }
        int take = Math.min(left, chunk.length);
        text.append(new String(chunk, 0, take, StandardCharsets.UTF_8));
        left -= take;
      }
      return text.toString();
    }
  }

  private final long limit;
  private final List<byte[]> chunks = new ArrayList<>();
  private long size;
  private final CompletableFuture<Chunks> result = new CompletableFuture<>();
  private Flow.Subscription subscription;

  private BoundedBody(long limit) {
    this.limit = limit;
  }

  static HttpResponse.BodyHandler<Chunks> handler(long limit) {
    return info -> new BoundedBody(limit);
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (result.isDone()) {
      return;
    }
    try {
      for (ByteBuffer buffer : buffers) {
        if (size + buffer.remaining() > limit) {
          fail(new TooLargeException(limit));
          return;
        }
        byte[] chunk = new byte[buffer.remaining()];
        buffer.get(chunk);
        chunks.add(chunk);
        size += chunk.length;
      }
    } catch (OutOfMemoryError e) {
      // The chunks are dropped at once, which frees what this body took; asking again would only repeat it.
      fail(new TooLargeException(size, e));
    }
  }

  /** Drops what was read and cancels the rest: nothing of a failed body is kept or retried. */
  private void fail(Throwable error) {
    chunks.clear();
    subscription.cancel();
    result.completeExceptionally(error);
  }

  @Override
  public void onError(Throwable error) {
    result.completeExceptionally(error);
  }

  @Override
  public void onComplete() {
    result.complete(new Chunks(chunks));
  }

  @Override
  public CompletionStage<Chunks> getBody() {
    return result;
  }
}
