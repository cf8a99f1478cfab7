import { Injectable, PayloadTooLargeException, type CallHandler, type NestInterceptor } from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { ImageErrors } from '../../image-errors.js';

/**
 * multer's LIMIT_FILE_SIZE reaches us as Nest's PayloadTooLargeException ('File too large'); it becomes the
 * product's own 413 message. Bound before the FileInterceptor so it sees what that one throws.
 */
@Injectable()
export class UploadErrorsInterceptor implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        throw error instanceof PayloadTooLargeException ? ImageErrors.fileTooLarge() : error;
      }),
    );
  }
}
