package dev.kavro.registry;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/** Collects a response body into a byte array, giving up past a limit so a broken server cannot exhaust the heap. */
final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {
  /** The body was larger than the limit; not worth retrying. */
  static final class TooLargeException extends IOException {
    private static final long serialVersionUID = 1L;

    TooLargeException(long limit) {
      super("response body larger than " + limit + " bytes");
    }
  }

  private final long limit;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final CompletableFuture<byte[]> result = new CompletableFuture<>();
  private Flow.Subscription subscription;

  private BoundedBody(long limit) {
    this.limit = limit;
  }

  static HttpResponse.BodyHandler<byte[]> handler(long limit) {
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
    for (ByteBuffer buffer : buffers) {
      if (out.size() + (long) buffer.remaining() > limit) {
        subscription.cancel();
        result.completeExceptionally(new TooLargeException(limit));
        return;
      }
      byte[] chunk = new byte[buffer.remaining()];
      buffer.get(chunk);
      out.writeBytes(chunk);
    }
  }

  @Override
  public void onError(Throwable error) {
    result.completeExceptionally(error);
  }

  @Override
  public void onComplete() {
    result.complete(out.toByteArray());
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return result;
  }
}
